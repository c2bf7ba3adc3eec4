import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckdatabase
open class CKDatabase: NSObject {
    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope
    public enum Scope: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/public
        case `public` = 1
        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/private
        case `private` = 2
        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared
        case shared = 3
    }
}
