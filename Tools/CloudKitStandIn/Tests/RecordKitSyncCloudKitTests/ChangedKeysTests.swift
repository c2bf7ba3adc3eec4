import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// A sent `CKRecord`'s `changedKeys()` are the keys that differ from the store's server copy, so CloudKit writes
/// only those over its record and an unchanged asset is not uploaded again.
@Suite struct ChangedKeysTests {
    private let id = RecordID(recordName: "n", zoneID: noteZone)

    @Test func anEditOfOneFieldSendsOnlyThatKeyNotTheUnchangedAsset() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n", text: "milk", modified: 100), tag: "t1")
        try await device.adapter.save(makeNote("n", text: "milk", modified: 200))
        let sent = try #require(await device.nextBatch()?.recordsToSave.first)
        #expect(sent.changedKeys() == ["modified"])
        #expect(sent["text"] == nil, "the asset is not uploaded again")
        #expect((sent["modified"] as? NSDate) == NSDate(timeIntervalSince1970: 200))
        #expect(sent.recordChangeTag == "t1", "on the server copy's change tag")
    }

    @Test func anEditOfTheAssetSendsItAndNotTheUnchangedFields() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n", text: "milk", modified: 100), tag: "t1")
        try await device.adapter.save(makeNote("n", text: "eggs", modified: 100))
        let sent = try #require(await device.nextBatch()?.recordsToSave.first)
        // The clock too: the store stamps an edit 1 ms past the server copy it edits (stamp="store").
        #expect(sent.changedKeys() == ["modified", "text"])
        #expect(contents(at: (sent["text"] as? CKAsset)?.fileURL) == "eggs")
    }

    @Test func aNewRecordSendsAllItsKeys() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        var note = makeNote("n", text: "milk", modified: 100)
        note.metadata.unknownFields["color"] = .string("blue")
        try await device.adapter.save(note)
        let sent = try #require(await device.nextBatch()?.recordsToSave.first)
        #expect(sent.recordChangeTag == nil)
        #expect(sent.changedKeys().sorted() == ["color", "modified", "text", "version"])
        #expect(sent.changedKeys().sorted() == note.record().allKeys.sorted())
    }

    @Test func aRemovedFieldIsSentAsNilAndTheServerLosesIt() async throws {
        let (device, cloud) = (try Device(), FakeCloud())
        defer { device.removeFiles() }
        var note = makeNote("n", text: "milk", modified: 100)
        note.metadata.unknownFields["color"] = .string("blue")
        try await device.adapter.save(note)
        try await cloud.settle([device])
        #expect(cloud.record(named: "n")?["color"] == .string("blue"))

        var edited = try #require(try device.notes()["n"])
        edited.metadata.unknownFields["color"] = nil
        try await device.adapter.save(edited)
        try await cloud.send(device)
        let sent = try #require(cloud.sentRecords.last)
        #expect(sent.changedKeys() == ["color", "modified"], "and the clock the store stamped")
        #expect(sent["color"] == nil)
        let server = try #require(cloud.record(named: "n"))
        #expect(server["color"] == nil, "the server lost the field")
        #expect(contents(of: server["text"]) == contents(of: note.record()["text"]), "and kept the fields not sent")
        #expect(try device.store.storedState(of: id)?.server?["color"] == nil)
        #expect(try device.store.pendingCount() == 0)
    }

    @Test func aKeyMovedToTheEncryptedFieldsIsSentAsChanged() async throws {
        let (device, cloud) = (try Device(), FakeCloud())
        defer { device.removeFiles() }
        var note = makeNote("n", text: "milk", modified: 100)
        note.metadata.unknownFields["color"] = .string("blue")
        try await device.adapter.save(note)
        try await cloud.settle([device])

        var edited = try #require(try device.notes()["n"])
        edited.metadata.unknownFields["color"] = nil
        edited.metadata.unknownEncryptedFields["color"] = .string("blue")
        try await device.adapter.save(edited)
        try await cloud.send(device)
        let sent = try #require(cloud.sentRecords.last)
        #expect(sent.changedKeys() == ["modified", "color"], "and the clock the store stamped")
        #expect((sent.encryptedValues["color"] as? NSString) == "blue")
        let server = try #require(cloud.record(named: "n"))
        #expect(server.fields["color"] == nil)
        #expect(server.encryptedFields["color"] == .string("blue"))
    }

    @Test func theStoredServerCopyAfterTheSendIsTheWholeLocalRecord() async throws {
        let (device, cloud) = (try Device(), FakeCloud())
        defer { device.removeFiles() }
        var note = makeNote("n", text: "milk", modified: 100)
        note.metadata.unknownFields["color"] = .string("blue")
        try await device.adapter.save(note)
        try await cloud.settle([device])
        try await device.adapter.save(makeNote("n", text: "milk", modified: 200))
        try await cloud.send(device)
        #expect(try #require(cloud.sentRecords.last).changedKeys() == ["color", "modified"])

        let state = try #require(try device.store.storedState(of: id))
        let local = try #require(state.local)
        let server = try #require(state.server)
        let onServer = try #require(cloud.record(named: "n"))
        #expect(state.pending == nil)
        #expect(server.fields == local.fields && server.encryptedFields == local.encryptedFields)
        #expect(server.fields == onServer.fields && server.encryptedFields == onServer.encryptedFields)
        #expect(server.system.changeTag == onServer.system.changeTag)
        #expect(contents(of: server["text"]) == contents(of: note.record()["text"]), "the asset not sent is still in the server copy")
    }

    @Test func twoDevicesEditingDifferentFieldsOfOneRecordKeepBothEdits() async throws {
        let (phone, laptop, cloud) = (try Device(), try Device(), FakeCloud())
        defer { phone.removeFiles(); laptop.removeFiles() }
        try await phone.adapter.save(makeNote("n", text: "milk", modified: 100))
        try await cloud.settle([phone, laptop])

        // Offline, the phone edits the text and the laptop the date.
        try await phone.adapter.save(makeNote("n", text: "milk, eggs", modified: 100))
        try await laptop.adapter.save(makeNote("n", text: "milk", modified: 300))
        try await cloud.send(phone)
        // The phone's clock is stamped 1 ms past the server copy's; the laptop's 300 stays the later one.
        #expect(try #require(cloud.sentRecords.last).changedKeys() == ["modified", "text"])
        try await cloud.send(laptop)
        // The laptop's save met the phone's: merged, and only the laptop's change sent on the server's tag.
        #expect(laptop.events.all.contains(.conflictMerged(id)))
        #expect(try #require(cloud.sentRecords.last).changedKeys() == ["modified"])
        try await cloud.settle([phone, laptop])

        let onServer = try #require(try cloud.notes()["n"])
        #expect(onServer.textName == "milk, eggs")
        #expect(onServer.modified == Date(timeIntervalSince1970: 300))
        for device in [phone, laptop] {
            let note = try #require(try device.notes()["n"])
            #expect(note.textName == "milk, eggs")
            #expect(note.modified == Date(timeIntervalSince1970: 300))
            #expect(try device.store.pendingCount() == 0)
        }
    }
}
