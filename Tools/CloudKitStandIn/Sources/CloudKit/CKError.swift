import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckerror
/// The framework's CKError wraps an NSError; the stand-in keeps its code and user info.
public struct CKError: Error, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckerror/code
    public enum Code: Int, Sendable {
        case internalError = 1
        case partialFailure = 2
        case networkUnavailable = 3
        case networkFailure = 4
        case serviceUnavailable = 6
        case requestRateLimited = 7
        case unknownItem = 11
        case invalidArguments = 12
        case serverRecordChanged = 14
        case serverRejectedRequest = 15
        case changeTokenExpired = 21
        case batchRequestFailed = 22
        case zoneBusy = 23
        case quotaExceeded = 25
        case zoneNotFound = 26
        case limitExceeded = 27
        case userDeletedZone = 28
    }

    /// https://developer.apple.com/documentation/cloudkit/ckerror/code-swift.property
    public let code: Code
    /// https://developer.apple.com/documentation/foundation/nserror/userinfo
    public let userInfo: [String: Any]

    /// The initializer of Foundation's bridged error structs (`_BridgedStoredNSError.init(_:userInfo:)`).
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }
}

/// https://developer.apple.com/documentation/cloudkit/ckpartialerrorsbyitemidkey
public let CKPartialErrorsByItemIDKey: String = "CKPartialErrors"
/// https://developer.apple.com/documentation/cloudkit/ckrecordchangederrorancestorrecordkey
public let CKRecordChangedErrorAncestorRecordKey: String = "AncestorRecord"
/// https://developer.apple.com/documentation/cloudkit/ckrecordchangederrorclientrecordkey
public let CKRecordChangedErrorClientRecordKey: String = "ClientRecord"
/// https://developer.apple.com/documentation/cloudkit/ckrecordchangederrorserverrecordkey
public let CKRecordChangedErrorServerRecordKey: String = "ServerRecord"
