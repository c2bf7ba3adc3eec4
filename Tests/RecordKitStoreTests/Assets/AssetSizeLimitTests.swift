import Foundation
import RecordKit
import RecordKitStore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CloudKit's asset size limit, checked before sending.
@Suite struct AssetSizeLimitTests {
    @Test func anAssetAboveCloudKitsLimitIsReportedAndTheRestOfTheBatchGoes() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        try store.save(Fixtures.note("big", file: try folder.appFile("big", "big")))
        try store.save(Fixtures.note("small", file: try folder.appFile("small", "small")))
        // The owned file grows (sparse: truncate extends it without writing) to one byte above the limit.
        let owned = try #require(try store.fetch(Note.self, id: Fixtures.id("big"))?.text.fileURL)
        let limit: Int64 = 250_000_000  // 250 MB, as AssetFiles.md states and Apple counts storage (decimal).
        #expect(truncate(owned.path, off_t(limit + 1)) == 0)

        let batch = try store.nextPendingBatch(maxCount: 10)
        #expect(batch.saves.map(\.record.id) == [Fixtures.id("small")])
        #expect(batch.unreadable == [
            .asset(Fixtures.id("big"), recordType: "Note", field: "text", .tooLarge(path: owned.path, size: limit + 1, limit: limit)),
        ])
        // At the limit exactly, it goes.
        #expect(truncate(owned.path, off_t(limit)) == 0)
        #expect(try store.nextPendingBatch(maxCount: 10).saves.count == 2)
    }

    @Test func theArticleStatesTheLimitTheStoreChecks() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/RecordKitStore/RecordKitStore.docc/AssetFiles.md"), encoding: .utf8)
        #expect(AssetSizeLimit.cloudKitMaximumBytes == 250_000_000)
        #expect(article.contains("250 MB (250,000,000 bytes"), "AssetFiles.md states the figure the store checks")
    }
}
