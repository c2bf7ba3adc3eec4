import Foundation

/// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5
/// The stand-in has no server: `fetchChanges` and `sendChanges` send no events. Tests deliver the events the
/// framework sends straight to the delegate, in the order its documentation gives.
public final class CKSyncEngine: @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/database
    public let database: CKDatabase
    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/state-swift.property
    public let state: CKSyncEngine.State
    /// The configuration's delegate, held weakly as the framework holds it.
    package private(set) weak var delegate: (any CKSyncEngineDelegate)?

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/init(_:)
    public init(_ configuration: CKSyncEngine.Configuration) {
        database = configuration.database
        state = CKSyncEngine.State(configuration.stateSerialization)
        delegate = configuration.delegate
    }

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchanges(_:)
    public func fetchChanges(_ options: CKSyncEngine.FetchChangesOptions = FetchChangesOptions()) async throws {}

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchanges(_:)
    public func sendChanges(_ options: CKSyncEngine.SendChangesOptions = SendChangesOptions()) async throws {}
}

extension CKSyncEngine {
    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/configuration
    public struct Configuration: @unchecked Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/configuration/database
        public var database: CKDatabase
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/configuration/stateserialization
        public var stateSerialization: CKSyncEngine.State.Serialization?
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/configuration/delegate
        public weak var delegate: (any CKSyncEngineDelegate)?
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/configuration/automaticallysync
        public var automaticallySync: Bool = true

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/configuration/init(database:stateserialization:delegate:)
        public init(database: CKDatabase, stateSerialization: CKSyncEngine.State.Serialization?, delegate: any CKSyncEngineDelegate) {
            self.database = database
            self.stateSerialization = stateSerialization
            self.delegate = delegate
        }
    }

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/syncreason
    public enum SyncReason: Sendable, Hashable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/syncreason/scheduled
        case scheduled
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/syncreason/manual
        case manual
    }

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangesoptions
    public struct FetchChangesOptions: Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangesoptions/scope-swift.property
        public var scope: CKSyncEngine.FetchChangesOptions.Scope

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangesoptions/init(scope:)
        public init(scope: CKSyncEngine.FetchChangesOptions.Scope = .all) {
            self.scope = scope
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangesoptions/scope-swift.enum
        public enum Scope: @unchecked Sendable, Hashable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangesoptions/scope-swift.enum/all
            case all
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangesoptions/scope-swift.enum/zoneids(_:)
            case zoneIDs([CKRecordZone.ID])
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangesoptions/scope-swift.enum/allexcluding(_:)
            case allExcluding([CKRecordZone.ID])
        }
    }

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions
    public struct SendChangesOptions: Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions/scope-swift.property
        public var scope: CKSyncEngine.SendChangesOptions.Scope

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions/init(scope:)
        public init(scope: CKSyncEngine.SendChangesOptions.Scope = .all) {
            self.scope = scope
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions/scope-swift.enum
        public enum Scope: @unchecked Sendable, Hashable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions/scope-swift.enum/all
            case all
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions/scope-swift.enum/zoneids(_:)
            case zoneIDs([CKRecordZone.ID])
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions/scope-swift.enum/allexcluding(_:)
            case allExcluding([CKRecordZone.ID])
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions/scope-swift.enum/recordids(_:)
            case recordIDs([CKRecord.ID])

            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions/scope-swift.enum/contains(_:)-6ip6x
            public func contains(_ recordID: CKRecord.ID) -> Bool {
                switch self {
                case .all: true
                case let .zoneIDs(zones): zones.contains(recordID.zoneID)
                case let .allExcluding(zones): !zones.contains(recordID.zoneID)
                case let .recordIDs(ids): ids.contains(recordID)
                }
            }

            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangesoptions/scope-swift.enum/contains(_:)-1ls4o
            public func contains(_ zoneID: CKRecordZone.ID) -> Bool {
                switch self {
                case .all: true
                case let .zoneIDs(zones): zones.contains(zoneID)
                case let .allExcluding(zones): !zones.contains(zoneID)
                case let .recordIDs(ids): ids.contains { $0.zoneID == zoneID }
                }
            }
        }
    }

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangescontext
    public struct SendChangesContext: Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangescontext/reason
        public let reason: CKSyncEngine.SyncReason
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/sendchangescontext/options
        public let options: CKSyncEngine.SendChangesOptions

        /// Not Apple API (the framework makes contexts): for the stand-in's tests.
        package init(reason: CKSyncEngine.SyncReason = .scheduled, options: CKSyncEngine.SendChangesOptions = SendChangesOptions()) {
            self.reason = reason
            self.options = options
        }
    }

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangescontext
    public struct FetchChangesContext: Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangescontext/reason
        public let reason: CKSyncEngine.SyncReason
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/fetchchangescontext/options
        public let options: CKSyncEngine.FetchChangesOptions

        /// Not Apple API (the framework makes contexts): for the stand-in's tests.
        package init(reason: CKSyncEngine.SyncReason = .scheduled, options: CKSyncEngine.FetchChangesOptions = FetchChangesOptions()) {
            self.reason = reason
            self.options = options
        }
    }
}

/// https://developer.apple.com/documentation/cloudkit/cksyncenginedelegate-1q7g8
public protocol CKSyncEngineDelegate: AnyObject, Sendable {
    /// https://developer.apple.com/documentation/cloudkit/cksyncenginedelegate-1q7g8/handleevent(_:syncengine:)
    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async
    /// https://developer.apple.com/documentation/cloudkit/cksyncenginedelegate-1q7g8/nextrecordzonechangebatch(_:syncengine:)
    func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext, syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch?
    /// https://developer.apple.com/documentation/cloudkit/cksyncenginedelegate-1q7g8/nextfetchchangesoptions(_:syncengine:)
    func nextFetchChangesOptions(_ context: CKSyncEngine.FetchChangesContext, syncEngine: CKSyncEngine) async -> CKSyncEngine.FetchChangesOptions
}

extension CKSyncEngineDelegate {
    /// https://developer.apple.com/documentation/cloudkit/cksyncenginedelegate-1q7g8/nextfetchchangesoptions(_:syncengine:)
    /// The framework's default: the options of the context.
    public func nextFetchChangesOptions(_ context: CKSyncEngine.FetchChangesContext, syncEngine: CKSyncEngine) async -> CKSyncEngine.FetchChangesOptions {
        context.options
    }
}
