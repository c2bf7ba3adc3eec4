import Foundation
import RecordKit
import RecordKitStore
import Testing

/// A move from another sync system (the Core Data move) takes the moved records' assets into the folder.
@Suite struct AssetMoveTests {
    @Test func movedAssetsAreCopiedIntoTheFolder() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        // Stands in for a Core Data external-storage file (the move's source keeps its own files).
        let external = try folder.appFile("external-storage-cover", "cover from core data")
        var server = Fixtures.note("m1", file: external).record()
        server.system.changeTag = "e1"
        try store.moveIn(
            records: [MovedRecord(id: server.id, recordType: server.recordType, local: server, server: server, pending: .none)],
            zones: [], databaseToken: nil)

        let note = try #require(try store.fetch(Note.self, id: Fixtures.id("m1")))
        let owned = try #require(note.text.fileURL)
        #expect(owned.deletingLastPathComponent().standardizedFileURL.path == folder.assets.standardizedFileURL.path)
        try FileManager.default.removeItem(at: external)
        #expect(try note.textContents() == "cover from core data")
        #expect(folder.assetFolderContents().count == 1)
    }

    @Test func aMovedAssetThatCannotBeReadMovesNothing() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        let gone = URL(fileURLWithPath: folder.path + "/app/gone")
        let record = Fixtures.note("m1", file: gone).record()
        #expect(throws: RecordStoreError.asset(Fixtures.id("m1"), recordType: "Note", field: "text", .missing(path: gone.path))) {
            try store.moveIn(records: [MovedRecord(id: record.id, recordType: record.recordType, local: record, server: nil, pending: .save)], zones: [], databaseToken: nil)
        }
        #expect(try store.fetch(Note.self, id: Fixtures.id("m1")) == nil)
        #expect(folder.assetFolderContents().isEmpty)
    }
}
