import Foundation
import RecordKit
import RecordKitCoreDataMirror
import RecordKitCoreDataMove
import RecordKitStore
import Testing

/// The article "Moving from NSPersistentCloudKitContainer", as code that runs: entities described in code for the
/// model version that wrote the real store (its columns ZNAME, ZPROVIDERNAME, ZLASTUPDATE, ZUUID, ZENCRYPTEDJSON,
/// ZJSON), then one move into an empty store.
@Suite(.enabled(if: MirrorStoreFiles.available, "needs ../shared/conformance/coredata-mirror"))
struct MovingArticleSnippetTests {
    @Test func theArticlesMoveWithEntitiesDescribedInCode() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        let recordKitPath = scratch.folder.appendingPathComponent("recordkit.sqlite").path
        let coreDataStorePath = MirrorStoreFiles.store

        // 1. The entities, as `recordgen import` maps them (CD_ + root entity, CD_ + property).
        let entities = [
            MirrorEntity(recordType: "CD_CDProfile", fields: [
                MirrorField(name: "CD_name", kind: .string),
                MirrorField(name: "CD_providerName", kind: .string),
                MirrorField(name: "CD_lastUpdate", kind: .timestamp),
                MirrorField(name: "CD_uuid", kind: .uuidString),
                MirrorField(name: "CD_encryptedJSON", kind: .bytes, isEncrypted: true),
                MirrorField(name: "CD_json", kind: .bytes),
            ]),
        ]
        // 2. Move once, into an empty store, before the first sync.
        let store = try RecordStore(path: recordKitPath, models: [])
        let report = try CoreDataMove.move(storeAt: coreDataStorePath, entities: entities, into: store)
        var notMoved: [String] = []
        for record in report.notMoved {
            notMoved.append("not moved: \(record)")
        }
        var kept: [String] = []
        for record in report.kept {
            kept.append("\(record)")
        }

        #expect(notMoved.isEmpty)
        #expect(report.readerProblems.isEmpty, "these entities match the store's columns: \(report.readerProblems)")
        #expect(report.unchanged == 9)
        #expect(report.pendingDeletes == 0)
        #expect(kept.count == 9)
        #expect(kept.allSatisfy { $0.hasSuffix(": row missing with no recorded delete: kept as on the server") })
        let rows = try MirrorStoreReader.read(path: coreDataStorePath, entities: entities).rows
        let torGuard = try #require(rows.first { $0.primaryKey == 12 })
        #expect(torGuard.fields["CD_providerName"] == .string("torguard"))
        #expect(torGuard.encryptedFields["CD_encryptedJSON"].map { if case let .bytes(data) = $0 { data.count } else { 0 } } == 747)
    }
}
