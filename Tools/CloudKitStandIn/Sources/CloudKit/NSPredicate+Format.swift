import Foundation

extension NSPredicate {
    /// https://developer.apple.com/documentation/foundation/nspredicate/init(format:argumentarray:)
    ///
    /// Not CloudKit API: Foundation's initializer, which swift-corelibs-foundation marks unavailable (it has no
    /// predicate strings). The stand-in's predicate keeps nothing of the format and matches everything: tests on
    /// Linux check the format and arguments the bridge builds, never the predicate made from them.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        self.init(value: true)
    }
}
