import Foundation
import RecordKit
import RecordKitStore
import Testing

/// What the server returns for a sent save names the file that was sent; an edit made during the send may have
/// released that file meanwhile. The server copy is recorded without it, the other changes as usual, and the edit
/// stays pending on the server's change tag.
@Suite struct SentAssetTests {
    @Test func aSentFileReleasedByAnEditDuringTheSendLeavesThatChangePendingAndRecordsTheOthers() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        try store.save(Fixtures.note("n1", file: try folder.appFile("v1", "first"), modified: 1))
        try store.save(Fixtures.note("n2", file: try folder.appFile("other", "other"), modified: 1))
        let batch = try store.nextPendingBatch()
        #expect(batch.saves.count == 2)
        // The edit during the send: n1's first file is no longer referenced, and goes.
        try store.save(Fixtures.note("n1", file: try folder.appFile("v2", "second"), modified: 2))
        #expect(folder.assetFolderContents().count == 2, "n1's second file and n2's")

        try store.markSent(batch.saves.map { save in
            var returned = save.record
            returned.system.changeTag = "e1"
            // As Web Services and the simulator return it: the asset with the checksum the upload gave it.
            if case var .asset(asset)? = returned["text"] {
                asset.fileChecksum = "checksum-\(save.record.id.recordName)"
                returned["text"] = .asset(asset)
            }
            return .saved(serverRecord: returned, generation: save.generation)
        })
        #expect(try store.storedState(of: Fixtures.id("n2"))?.pending == nil, "n2 is recorded as sent")
        #expect(try store.storedState(of: Fixtures.id("n2"))?.server?.system.changeTag == "e1")
        let n1 = try #require(try store.storedState(of: Fixtures.id("n1")))
        #expect(n1.server?.system.changeTag == "e1", "the server copy is recorded: the next send goes on its change tag")
        guard case let .asset(sent)? = n1.server?["text"] else {
            Issue.record("the server copy has no asset: \(String(describing: n1.server))")
            return
        }
        #expect(sent.fileURL == nil, "without the file that is gone: no reference to a missing file")
        let pending = try store.nextPendingBatch()
        #expect(pending.saves.map(\.record.id) == [Fixtures.id("n1")])
        #expect(pending.saves.first?.record.system.changeTag == "e1")
        #expect(pending.saves.first?.changedKeys?.contains("text") == true, "the second file is sent")
        #expect(Fixtures.textOf(try store.fetch(Note.self, id: Fixtures.id("n1"))?.text) == "second")
    }
}
