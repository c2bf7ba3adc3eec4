import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// The simulator keeps subscriptions per database and queues a push for every change that fires one, for every
/// registered device but the one that made the change.
@Suite struct SimulatorSubscriptionTests {
    private let otherZone = RecordZoneID(zoneName: "other-zone")

    private func change(_ name: String, zone: RecordZoneID = Fixtures.zone) -> ModifyRecordsRequest {
        ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord(name, zone: zone))])
    }

    /// A simulator with the note zone and another, `devices` registered for pushes, and these subscriptions.
    private func simulator(devices: [String] = ["phone", "laptop"], _ subscriptions: [Subscription]) async throws -> CloudKitSimulator {
        let simulator = try await simulatorWithNoteZone()
        _ = try await simulator.saveZones([otherZone])
        for device in devices { await simulator.registerForPushes(device: device) }
        let result = try await simulator.modifySubscriptions(saving: subscriptions, deleting: [])
        for save in result.saves { _ = try save.get() }
        return simulator
    }

    @Test func subscriptionsAreSavedReplacedFetchedAndDeleted() async throws {
        let simulator = try await simulatorWithNoteZone()
        let zone = Subscription(id: "zone", kind: .recordZone(Fixtures.zone))
        _ = try await simulator.modifySubscriptions(saving: [Subscription(id: "db", kind: .database), zone], deleting: [])
        let loud = Subscription(id: "db", kind: .database, notificationInfo: SubscriptionNotificationInfo(alertBody: "hi"))
        _ = try await simulator.modifySubscriptions(saving: [loud], deleting: [])
        #expect(try await simulator.fetchAllSubscriptions() == [loud, zone])

        let result = try await simulator.modifySubscriptions(saving: [], deleting: ["zone", "missing"])
        #expect(try result.deletes[0].get() == "zone")
        #expect(throws: CloudError.self) { try result.deletes[1].get() }
        #expect(try await simulator.fetchAllSubscriptions() == [loud])
    }

    @Test func thePublicDatabaseRefusesDatabaseSubscriptions() async throws {
        let simulator = CloudKitSimulator(scope: .public)
        let result = try await simulator.modifySubscriptions(saving: [Subscription(id: "db", kind: .database)], deleting: [])
        #expect(throws: CloudError.self) { try result.saves[0].get() }
        #expect(try await simulator.fetchAllSubscriptions() == [])
    }

    @Test func aQuerySubscriptionWithANilCheckIsRefusedAsCloudKitHasNoNilComparator() async throws {
        let simulator = try await simulatorWithNoteZone()
        let nilCheck = QuerySubscription(recordType: "Note", filters: [
            QueryFilter("title", .beginsWith, .string("m")), QueryFilter("body", .isNil, QueryFilter.noValue),
        ])
        let plain = QuerySubscription(recordType: "Note", filters: [QueryFilter("title", .beginsWith, .string("m"))])
        let result = try await simulator.modifySubscriptions(
            saving: [Subscription(id: "nil", kind: .query(nilCheck)), Subscription(id: "plain", kind: .query(plain))], deleting: [])
        #expect(throws: CloudError.invalidArguments("subscription nil: CloudKit has no IS_NIL comparator (field body)")) {
            try result.saves[0].get()
        }
        #expect(try result.saves[1].get().id == "plain")
        #expect(try await simulator.fetchAllSubscriptions().map(\.id) == ["plain"])
    }

    @Test func aDatabaseSubscriptionNotifiesEveryDeviceButTheOneThatMadeTheChange() async throws {
        let simulator = try await simulator(devices: ["phone", "laptop", "tablet"], [Subscription(id: "db", kind: .database)])
        _ = try await simulator.modifyRecords(change("a", zone: otherZone), from: "phone")

        #expect(await simulator.takePushes(for: "phone") == [])
        for device in ["laptop", "tablet"] {
            let pushes = await simulator.takePushes(for: device)
            #expect(pushes.count == 1, "\(device)")
            let push = try #require(pushes.first)
            #expect(push.kind == .database(zoneID: otherZone))
            #expect(push.subscriptionID == "db")
            #expect(push.databaseScope == .private)
            #expect(push.isSilent && push.isContentAvailable)
            #expect(push.userRecordName == "_simulatedUser")
            #expect(push.notificationID != nil)
        }
        // Taken pushes are gone.
        #expect(await simulator.takePushes(for: "laptop") == [])
    }

    @Test func aChangeWithNoDeviceBehindItNotifiesEveryDevice() async throws {
        let simulator = try await simulator([Subscription(id: "db", kind: .database)])
        try await simulator.serverSave([Fixtures.noteRecord("a")])
        #expect(await simulator.takePushes(for: "phone").count == 1)
        #expect(await simulator.takePushes(for: "laptop").count == 1)
    }

    @Test func aZoneDeletedByADeviceNotifiesTheOthersByItsDatabaseAndZoneSubscriptions() async throws {
        let simulator = try await simulator([
            Subscription(id: "db", kind: .database), Subscription(id: "zone", kind: .recordZone(Fixtures.zone)),
            Subscription(id: "other", kind: .recordZone(otherZone)),
        ])
        _ = try await simulator.deleteZones([Fixtures.zone], from: "phone")
        #expect(await simulator.takePushes(for: "phone") == [])
        let pushes = await simulator.takePushes(for: "laptop")
        #expect(pushes.map(\.kind) == [.database(zoneID: Fixtures.zone), .recordZone(Fixtures.zone)])
        #expect(pushes.map(\.subscriptionID) == ["db", "zone"])
        // The user's deletion in Settings has no device behind it: every device hears of it.
        await simulator.serverUserDeletesZone(otherZone)
        for device in ["phone", "laptop"] {
            #expect(await simulator.takePushes(for: device).map(\.kind) == [.database(zoneID: otherZone), .recordZone(otherZone)])
        }
    }

    @Test func randomPushFaultsAreDrawnFromTheSeed() async throws {
        func run() async throws -> (faults: [PushFault], delivered: Int) {
            let simulator = try await simulator([Subscription(id: "db", kind: .database)])
            await simulator.setRandomPushFaults(RandomPushFaults(drop: 0.5, duplicate: 0.5))
            for index in 0..<40 { _ = try await simulator.modifyRecords(change("n\(index)"), from: "phone") }
            return (await simulator.pushFaultsMet, await simulator.takePushes(for: "laptop").count)
        }
        let first = try await run()
        #expect(first.faults.count == 40)
        let drops = first.faults.filter { $0 == .drop }.count
        #expect(drops > 0 && drops < 40)
        // A dropped push never arrives, a duplicated one twice.
        #expect(first.delivered == 2 * (40 - drops))
        #expect(try await run().faults == first.faults)
    }

    @Test func aRecordZoneSubscriptionFiresOnlyForItsZone() async throws {
        let simulator = try await simulator([Subscription(id: "zone", kind: .recordZone(Fixtures.zone))])
        _ = try await simulator.modifyRecords(change("elsewhere", zone: otherZone), from: "phone")
        #expect(await simulator.pendingPushes(for: "laptop") == [])
        _ = try await simulator.modifyRecords(change("here"), from: "phone")
        #expect(await simulator.takePushes(for: "laptop").map(\.kind) == [.recordZone(Fixtures.zone)])
    }

    @Test func aQuerySubscriptionFiresForMatchingChangesWithTheirReasons() async throws {
        let query = QuerySubscription(
            recordType: "Note", filters: [QueryFilter("title", .equals, .string("urgent"))],
            firesOn: [.recordCreation, .recordDeletion])
        let simulator = try await simulator([Subscription(id: "urgent", kind: .query(query))])
        let urgent = Fixtures.id("u")
        _ = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord("u", title: "urgent"))]), from: "phone")
        _ = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord("calm", title: "calm"))]), from: "phone")
        // An update is not among the changes it fires on.
        try await simulator.serverSave([Fixtures.noteRecord("u", title: "urgent")])
        _ = try await simulator.modifyRecords(ModifyRecordsRequest(deletes: [urgent]), from: "phone")

        let kinds = await simulator.takePushes(for: "laptop").map(\.kind)
        #expect(kinds == [.query(recordID: urgent, reason: .recordCreated), .query(recordID: urgent, reason: .recordDeleted)])
    }

    @Test func aQuerySubscriptionThatFiresOnceIsDeletedAfterFiring() async throws {
        let once = Subscription(id: "once", kind: .query(QuerySubscription(recordType: "Note", firesOnce: true)))
        let simulator = try await simulator([once])
        try await simulator.serverSave([Fixtures.noteRecord("a")])
        try await simulator.serverSave([Fixtures.noteRecord("b")])
        #expect(await simulator.takePushes(for: "laptop").count == 1)
        #expect(try await simulator.fetchAllSubscriptions() == [])
    }

    @Test func theNotificationInfoMakesAVisiblePush() async throws {
        let info = SubscriptionNotificationInfo(
            shouldSendContentAvailable: false, title: "New note", alertBody: "A note changed", soundName: "ping",
            shouldBadge: true)
        let simulator = try await simulator([Subscription(id: "db", kind: .database, notificationInfo: info)])
        try await simulator.serverSave([Fixtures.noteRecord("a")])
        let push = try #require(await simulator.takePushes(for: "laptop").first)
        #expect(!push.isSilent && !push.isContentAvailable)
        #expect(push.alert == CloudNotification.Alert(title: "New note", body: "A note changed", badge: 1, sound: "ping"))
    }

    // MARK: Delivery faults

    @Test func aDroppedPushNeverArrives() async throws {
        let simulator = try await simulator(devices: ["laptop"], [Subscription(id: "db", kind: .database)])
        await simulator.injectPushFault(.drop)
        try await simulator.serverSave([Fixtures.noteRecord("a")])
        try await simulator.serverSave([Fixtures.noteRecord("b")])
        #expect(await simulator.takePushes(for: "laptop").count == 1)
    }

    @Test func aDelayedPushArrivesWhenReleased() async throws {
        let simulator = try await simulator(devices: ["laptop"], [Subscription(id: "db", kind: .database)])
        await simulator.injectPushFault(.delay)
        try await simulator.serverSave([Fixtures.noteRecord("a")])
        #expect(await simulator.pendingPushes(for: "laptop") == [])
        await simulator.releaseHeldPushes()
        #expect(await simulator.takePushes(for: "laptop").count == 1)
    }

    @Test func aCoalescedPushMergesIntoOneNotTakenYet() async throws {
        let simulator = try await simulator(devices: ["laptop"], [Subscription(id: "db", kind: .database)])
        try await simulator.serverSave([Fixtures.noteRecord("a")])
        await simulator.injectPushFault(.coalesce)
        try await simulator.serverSave([Fixtures.noteRecord("b")])
        #expect(await simulator.takePushes(for: "laptop").count == 1)
        // With none waiting, a coalesced push arrives.
        await simulator.injectPushFault(.coalesce)
        try await simulator.serverSave([Fixtures.noteRecord("c")])
        #expect(await simulator.takePushes(for: "laptop").count == 1)
    }

    @Test func aDuplicatedPushArrivesTwiceWithOneID() async throws {
        let simulator = try await simulator(devices: ["laptop"], [Subscription(id: "db", kind: .database)])
        await simulator.injectPushFault(.duplicate)
        try await simulator.serverSave([Fixtures.noteRecord("a")])
        let pushes = await simulator.takePushes(for: "laptop")
        #expect(pushes.count == 2)
        #expect(pushes.first == pushes.last)
    }

    @Test func aPushBeforeTheChangeIsVisibleMeetsAFetchThatLacksIt() async throws {
        let simulator = try await simulator(devices: ["laptop"], [Subscription(id: "db", kind: .database)])
        try await simulator.serverSave([Fixtures.noteRecord("seen")])
        await simulator.injectPushFault(.beforeVisible)
        try await simulator.serverSave([Fixtures.noteRecord("early")])
        try await simulator.serverSave([Fixtures.noteRecord("later")])
        #expect(await simulator.takePushes(for: "laptop").count == 3)

        let hidden = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil)
        #expect(hidden.changed.map(\.id.recordName) == ["seen"])
        await simulator.releaseHiddenChanges()
        // From the hidden page's token, the changes held back arrive.
        let shown = try await simulator.fetchZoneChanges(Fixtures.zone, since: hidden.token)
        #expect(shown.changed.map(\.id.recordName) == ["early", "later"])
    }

    @Test func theSimulatorsPushesSurviveTheirPayload() async throws {
        let simulator = try await simulator(devices: ["laptop"], [
            Subscription(id: "db", kind: .database), Subscription(id: "zone", kind: .recordZone(Fixtures.zone)),
            Subscription(id: "query", kind: .query(QuerySubscription(recordType: "Note"))),
        ])
        try await simulator.serverSave([Fixtures.noteRecord("a")])
        let pushes = await simulator.takePushes(for: "laptop")
        #expect(pushes.map(\.subscriptionID) == ["db", "query", "zone"])
        for push in pushes {
            #expect(try CloudNotification.decode(push.encoded()) == push)
        }
    }
}
