import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// The simulator's note-app scenarios, each device an adapter driven by CKSyncEngine's events against one server.
@Suite struct TwoDeviceTests {
    @Test func twoDevicesEditOneNoteOfflineAndTheLaterEditWinsEverywhere() async throws {
        let (phone, laptop, cloud) = (try Device(), try Device(), FakeCloud())
        defer { phone.removeFiles(); laptop.removeFiles() }
        try await phone.adapter.save(makeNote("groceries", text: "milk", modified: 100))
        try await cloud.settle([phone, laptop])
        #expect(try laptop.notes()["groceries"]?.textName == "milk")

        // Offline, both edit; the earlier edit reaches the server first, and the later one must still win.
        try await phone.adapter.save(makeNote("groceries", text: "milk, eggs", modified: 200))
        try await laptop.adapter.save(makeNote("groceries", text: "milk, bread", modified: 300))
        try await cloud.send(phone)
        try await cloud.send(laptop)
        try await cloud.settle([phone, laptop])

        #expect(try cloud.notes()["groceries"]?.textName == "milk, bread")
        for device in [phone, laptop] {
            let note = try #require(try device.notes()["groceries"])
            #expect(note.textName == "milk, bread")
            #expect(note.modified == Date(timeIntervalSince1970: 300))
            #expect(try device.store.pendingCount() == 0)
        }
    }

    @Test func seedDataCreatedOnTwoDevicesOfflineEndsUpOnceEverywhere() async throws {
        let (phone, laptop, cloud) = (try Device(), try Device(), FakeCloud())
        defer { phone.removeFiles(); laptop.removeFiles() }
        let seeds = ["welcome", "shopping", "ideas"]
        for (index, device) in [phone, laptop].enumerated() {
            try await device.adapter.save(contentsOf: seeds.map { makeNote("seed-\($0)", text: $0, modified: Double(index)) })
        }
        try await cloud.settle([phone, laptop])
        #expect(try cloud.notes().keys.sorted() == seeds.map { "seed-\($0)" }.sorted())
        for device in [phone, laptop] {
            let notes = try device.notes()
            #expect(notes.keys.sorted() == seeds.map { "seed-\($0)" }.sorted())
            #expect(notes.values.allSatisfy { $0.modified == Date(timeIntervalSince1970: 1) })
        }
    }

    @Test func aDeleteOnOneDeviceReachesTheOther() async throws {
        let (phone, laptop, cloud) = (try Device(), try Device(), FakeCloud())
        defer { phone.removeFiles(); laptop.removeFiles() }
        try await phone.adapter.save(makeNote("a", text: "a", modified: 1), makeNote("b", text: "b", modified: 1))
        try await cloud.settle([phone, laptop])
        try await laptop.adapter.delete(Note.self, id: RecordID(recordName: "a", zoneID: noteZone))
        try await cloud.settle([phone, laptop])
        #expect(try cloud.notes().keys.sorted() == ["b"])
        #expect(try phone.notes().keys.sorted() == ["b"])
        #expect(try laptop.notes().keys.sorted() == ["b"])
    }
}
