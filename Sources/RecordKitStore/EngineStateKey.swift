/// Which engine a stored engine state belongs to: each engine keeps its own, so none reads another's format.
public struct EngineStateKey: Sendable, Hashable, CustomStringConvertible {
    /// The key in the store's state table.
    public let name: String

    /// RecordKitSync's `SyncEngine`: the records it sent as new without seeing the response, its subscription.
    public static let syncEngine = EngineStateKey(name: "syncEngineState")
    /// RecordKitSync's `CKSyncEngineAdapter`: CKSyncEngine's state serialization.
    public static let ckSyncEngine = EngineStateKey(name: "ckSyncEngineState")
    /// `SyncEngine` over the shared database: kept apart from the private database's engine in the same store.
    public static let sharedSyncEngine = EngineStateKey(name: "sharedSyncEngineState")
    /// `CKSyncEngineAdapter` over the shared database: its own CKSyncEngine state serialization.
    public static let sharedCKSyncEngine = EngineStateKey(name: "sharedCKSyncEngineState")
    /// The slot both engines shared before each had its own; moved to its owner's key when a store opens.
    static let shared = EngineStateKey(name: "engineState")
    /// Every engine's key: an account change forgets them all.
    static let all: [EngineStateKey] = [.syncEngine, .ckSyncEngine, .sharedSyncEngine, .sharedCKSyncEngine, .shared]

    public var description: String { name }
}
