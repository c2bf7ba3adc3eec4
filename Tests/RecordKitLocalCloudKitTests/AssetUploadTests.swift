import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync
import RecordKitTesting
import RecordKitWebServices
import Testing

/// The Web Services transport uploads the local file of an asset it sends (the store's owned file), does not upload
/// an unchanged asset again, and fails only the record whose file cannot be read.
@Suite struct AssetUploadTests {
    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    func privateDatabase(_ server: LocalCloudKitServer) -> WebServicesDatabase {
        Emulator.database(server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-phone"))
    }

    /// A file for the test, removed at the end.
    final class File {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recordkit-upload-\(UUID().uuidString)")
        init(_ text: String) throws { try Data(text.utf8).write(to: url) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aLocalFileIsUploadedAndAnUnchangedOneIsNotUploadedAgain() async throws {
        try await Emulator.withServer { server async throws in
            let database = privateDatabase(server)
            let zone = RecordZoneID(zoneName: "notes")
            _ = try await database.saveZones([zone])
            let id = RecordID(recordName: "n1", zoneID: zone)
            let file = try File("the cover")
            var record = Record(recordType: "Note", id: id)
            record["text"] = .asset(Asset(fileURL: file.url))
            record["title"] = .string("first")
            let first = try await database.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record)]))
            let saved = try #require(try first.saves.first?.result.get())
            guard case let .asset(sent)? = saved["text"] else {
                Issue.record("the saved record has no asset: \(saved)")
                return
            }
            #expect(sent.fileURL == file.url, "the saved record's asset still names the local file")
            #expect(sent.fileChecksum != nil)
            let fetched = try #require(try await database.fetchRecords([id]).first?.result.get())
            guard case let .asset(stored)? = fetched["text"] else {
                Issue.record("the fetched record has no asset: \(fetched)")
                return
            }
            #expect(try await database.downloadAsset(stored) == Data("the cover".utf8))

            // An edit of another field: the asset is not in the changed keys, so its file is not read (it is gone).
            try FileManager.default.removeItem(at: file.url)
            var edited = saved
            edited["title"] = .string("second")
            let second = try await database.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(edited, changedKeys: ["title"])]))
            #expect(second.itemErrors.isEmpty)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aMissingFileFailsItsRecordAloneNamingTheField() async throws {
        try await Emulator.withServer { server async throws in
            let database = privateDatabase(server)
            let zone = RecordZoneID(zoneName: "notes")
            _ = try await database.saveZones([zone])
            let good = try File("good")
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent("recordkit-never-written-\(UUID().uuidString)")
            var lost = Record(recordType: "Note", id: RecordID(recordName: "lost", zoneID: zone))
            lost["text"] = .asset(Asset(fileURL: missing))
            var kept = Record(recordType: "Note", id: RecordID(recordName: "kept", zoneID: zone))
            kept["text"] = .asset(Asset(fileURL: good.url))
            let result = try await database.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(lost), RecordSave(kept)]))
            #expect(result.saves.map(\.id.recordName) == ["lost", "kept"])
            guard case let .failure(.other(code, reason)) = result.saves[0].result else {
                Issue.record("the save with a missing file did not fail: \(result.saves[0].result)")
                return
            }
            #expect(code == 16)
            #expect(reason.contains("'lost'") && reason.contains("field 'text'"))
            #expect((try? result.saves[1].result.get()) != nil, "the other record is saved")
        }
    }
}
