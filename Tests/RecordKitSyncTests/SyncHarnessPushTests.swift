import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// Devices that react to pushes by themselves (``SyncHarness/deliverPushesAsTheyArrive()``): the note app's flow on
/// two devices with no sync call, convergence when pushes are lost, coalesced or duplicated at random, and pushes
/// for a zone another device or the user deleted.
@Suite struct SyncHarnessPushTests {
    private static let subscriptionID = "recordkit-changes"

    /// A harness of note-app devices that save the database subscription and receive pushes as they arrive.
    private func reactiveHarness(
        devices: Int = 2, seed: UInt64 = 1, configure: (inout SyncConfiguration) -> Void = { _ in }
    ) async throws -> SyncHarness {
        let harness = try noteHarness(devices: devices, seed: seed) {
            $0.databaseSubscriptionID = Self.subscriptionID
            configure(&$0)
        }
        await harness.deliverPushesAsTheyArrive()
        return harness
    }

    /// Edits a note the device holds: new text, stamped `modified`.
    private func edit(_ name: String, on device: SimulatedDevice, text: String, modified: Double) async throws {
        try await device.edit { store in
            guard var note = try notes(on: device)[name] else { return }
            note.text = Fixtures.text(text)
            note.modified = Date(timeIntervalSince1970: modified)
            try store.save(note)
        }
    }

    @Test func twoDevicesFollowTheNoteAppFlowByPushesAlone() async throws {
        let harness = try await reactiveHarness()
        let (phone, laptop) = (harness[0], harness[1])
        // Launch: each app fetches and saves its subscription once.
        try await phone.enterForeground()
        try await laptop.enterForeground()

        try await phone.edit { try $0.save(Fixtures.note("groceries", text: "milk", modified: 1)) }
        let created = try #require(try notes(on: laptop)["groceries"])
        #expect(created.textName == "milk")
        #expect(created.modified == Date(timeIntervalSince1970: 1))

        try await edit("groceries", on: laptop, text: "milk and eggs", modified: 2)
        let edited = try #require(try notes(on: phone)["groceries"])
        #expect(edited.textName == "milk and eggs")
        #expect(edited.modified == Date(timeIntervalSince1970: 2))

        try await phone.edit { _ = try $0.delete(Note.self, id: Fixtures.id("groceries")) }
        #expect(try notes(on: laptop).isEmpty)

        // Every change reached the other device by one push, fetched; none came back to the device that made it.
        let outcomes = harness.pushLog.entries.map { "\($0.device): \((try? $0.outcome.get()).map { "\($0)" } ?? "error")" }
        #expect(outcomes == ["device 1: fetched", "device 0: fetched", "device 1: fetched"])
        #expect(try await harness.divergences() == [])
    }

    /// The expected final state of a random run: note name -> (text, modified), as the server applies the edits
    /// in the order they are sent (each edit is sent at once and carries the newest merge clock).
    private typealias Expected = [String: (text: String, modified: Double)]

    @Test(arguments: [UInt64(7), 21, 1_234])
    func devicesConvergeWhenThirtyPercentOfPushesAreDroppedAndTheRestCoalescedOrDuplicated(seed: UInt64) async throws {
        let harness = try await reactiveHarness(devices: 3, seed: seed)
        await harness.simulator.setRandomPushFaults(RandomPushFaults(drop: 0.3, coalesce: 0.35, duplicate: 0.35))
        for device in harness.devices { try await device.enterForeground() }

        var random = SeededGenerator(seed: seed)
        var expected: Expected = [:]
        var created = 0
        for step in 1...60 {
            let device = harness.devices[Int(random.next() % UInt64(harness.devices.count))]
            let held = try notes(on: device).keys.sorted()
            let action = random.next() % 10
            if held.isEmpty || action < 4 {
                created += 1
                let name = "note-\(created)"
                try await device.edit { try $0.save(Fixtures.note(name, text: "s\(step)", modified: Double(step))) }
                expected[name] = ("s\(step)", Double(step))
            } else if action < 8 {
                let name = held[Int(random.next() % UInt64(held.count))]
                try await edit(name, on: device, text: "s\(step)", modified: Double(step))
                expected[name] = ("s\(step)", Double(step))
            } else if action < 9 {
                let name = held[Int(random.next() % UInt64(held.count))]
                try await device.edit { _ = try $0.delete(Note.self, id: Fixtures.id(name)) }
                expected[name] = nil
            } else {
                // Back to the foreground: the fetch covers the pushes this device lost.
                try await device.enterForeground()
            }
        }
        // Every app comes to the foreground once more.
        for device in harness.devices { try await device.enterForeground() }

        let faults = await harness.simulator.pushFaultsMet
        let drops = faults.filter { $0 == .drop }.count
        #expect(drops > 0 && faults.contains(.coalesce) && faults.contains(.duplicate))
        // Every push met a fault (30% dropped), as planned.
        #expect(Double(drops) / Double(faults.count) > 0.15 && Double(drops) / Double(faults.count) < 0.45)
        #expect(harness.pushLog.errors.isEmpty)
        #expect(harness.pushLog.entries.contains { (try? $0.outcome.get()) == .fetched })
        for device in harness.devices {
            let held = try notes(on: device)
            #expect(held.keys.sorted() == expected.keys.sorted(), "\(device.name)")
            for (name, value) in expected {
                #expect(held[name]?.textName == value.text, "\(device.name), \(name)")
                #expect(held[name]?.modified == Date(timeIntervalSince1970: value.modified), "\(device.name), \(name)")
            }
            #expect(try device.store.pendingCount() == 0)
        }
        let server = try await harness.simulator.serverRecords().map { try Note(record: $0) }
        #expect(Dictionary(uniqueKeysWithValues: server.map { ($0.recordID.recordName, $0.textName) })
            == expected.mapValues(\.text))
        #expect(try await harness.divergences() == [])
    }

    @Test func aZoneAnotherDeviceDeletesIsLostOnTheOtherByItsPush() async throws {
        let harness = try await reactiveHarness()
        let (phone, laptop) = (harness[0], harness[1])
        try await phone.enterForeground()
        try await laptop.enterForeground()
        try await phone.edit { try $0.save(Fixtures.note("a", text: "x", modified: 1)) }
        #expect(try notes(on: laptop).keys.sorted() == ["a"])

        // The phone deletes the zone (as an app's "delete everything" does): the laptop's push names the zone.
        _ = try await phone.connection.deleteZones([Fixtures.zone])
        let resets = laptop.events.events.compactMap { if case let .zoneReset(zone, reason) = $0 { "\(zone.zoneName) \(reason)" } else { nil } }
        #expect(resets == ["note-zone deleted"])
        #expect(try notes(on: laptop).isEmpty)
        #expect(try laptop.store.zone(Fixtures.zone)?.exists != true)
        #expect(harness.pushLog.errors.isEmpty)
    }

    @Test func aZoneTheUserDeletesIsHandledByThePushWithTheAppsPolicy() async throws {
        let harness = try await reactiveHarness { $0.onUserDeletedZone = .uploadAgain }
        let (phone, laptop) = (harness[0], harness[1])
        try await phone.enterForeground()
        try await laptop.enterForeground()
        try await phone.edit { try $0.save(Fixtures.note("a", text: "x", modified: 1)) }
        #expect(try notes(on: laptop).keys.sorted() == ["a"])

        // The user deletes the app's data in Settings, subscriptions with it; a push reaches both devices.
        await harness.simulator.serverUserDeletesZone(Fixtures.zone)
        _ = try await harness.simulator.modifySubscriptions(saving: [], deleting: [Self.subscriptionID])
        try await phone.receivePushes()
        // The phone's engine met the deleted zone: by the app's policy it created the zone again and queued its
        // note to upload, and it saved the subscription again, so later changes still come by push.
        let resets = phone.events.events.compactMap { if case let .zoneReset(zone, reason) = $0 { "\(zone.zoneName) \(reason)" } else { nil } }
        #expect(resets == ["note-zone userDeletedZone"])
        #expect(await harness.simulator.zoneIDs.contains(Fixtures.zone))
        #expect(try phone.store.pendingCount() == 1)
        #expect(try await harness.simulator.fetchAllSubscriptions().map(\.id) == [Self.subscriptionID])

        // The phone's next edit sends the note uploaded again with it; the laptop follows by pushes.
        try await phone.edit { try $0.save(Fixtures.note("b", text: "y", modified: 2)) }
        #expect(await harness.simulator.serverRecords().map(\.id.recordName) == ["a", "b"])
        #expect(try notes(on: laptop).keys.sorted() == ["a", "b"])
        // The laptop's fetch of the zone created again met an expired token and queued its copy of the note to
        // upload again (nothing is lost by a refetch); back in the foreground it sends it, and both settle.
        try await laptop.enterForeground()
        try await phone.enterForeground()
        #expect(harness.pushLog.errors.isEmpty)
        let problems = try await harness.divergences()
        #expect(problems == [], "\(problems)")
    }
}
