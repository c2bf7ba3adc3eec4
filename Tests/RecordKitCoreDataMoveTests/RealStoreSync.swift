import RecordKit
import RecordKitCoreDataMirror
import RecordKitStore
import RecordKitSync
import RecordKitTesting

/// One sync of a moved store against a simulator seeded with the real store's server records and tokens: what the
/// first sync after a move sends.
struct RealStoreSync {
    let simulator: CloudKitSimulator
    /// The records the sync saved on the server.
    let saved: [RecordID]
    /// The records the sync deleted on the server.
    let deleted: [RecordID]

    static func run(_ store: RecordStore, zone: RecordZoneID) async throws -> RealStoreSync {
        let contents = try MirrorStoreReader.read(path: MirrorStoreFiles.store, entities: [])
        let simulator = CloudKitSimulator()
        try await simulator.seed(
            contents.records.compactMap(\.serverRecord), inZone: zone,
            zoneToken: contents.zones.first?.changeToken, databaseToken: contents.databases.first?.changeToken)
        let log = EventLog()
        var configuration = SyncConfiguration(zones: [zone])
        configuration.onEvent = { log.record($0) }
        try await SyncEngine(store: store, database: simulator, configuration: configuration, clock: VirtualClock()).sync()
        let saved = log.events.flatMap { event -> [RecordID] in if case let .sent(saved, _) = event { saved } else { [] } }
        let deleted = log.events.flatMap { event -> [RecordID] in if case let .sent(_, deleted) = event { deleted } else { [] } }
        return RealStoreSync(simulator: simulator, saved: saved, deleted: deleted)
    }
}
