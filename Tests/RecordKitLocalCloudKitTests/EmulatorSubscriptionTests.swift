import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync
import RecordKitTesting
import RecordKitWebServices
import Testing

/// Subscriptions, APNs tokens and the web courier's long poll, through WebServicesDatabase against the local
/// CloudKit over HTTP on 127.0.0.1.
@Suite struct EmulatorSubscriptionTests {
    static let subscriptionID = "recordkit-changes"

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    func userDatabase(_ server: LocalCloudKitServer, _ webAuthToken: String) -> WebServicesDatabase {
        Emulator.database(server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: webAuthToken))
    }

    func task(_ name: String, title: String) -> Record {
        makeTask(name, title: title, modified: 10).record()
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func subscriptionsAreSavedListedLookedUpAndDeleted() async throws {
        try await Emulator.withServer { server async throws in
            let database = userDatabase(server, "web-phone")
            let query = Subscription(
                id: "urgent-tasks",
                kind: .query(QuerySubscription(
                    recordType: "Task", filters: [QueryFilter("title", .beginsWith, .string("urgent"))], zoneID: Task.zoneID,
                    firesOn: [.recordCreation, .recordDeletion], firesOnce: true)),
                notificationInfo: SubscriptionNotificationInfo(
                    shouldSendContentAvailable: false, title: "Urgent", alertBody: "A task is urgent", soundName: "ping",
                    shouldBadge: true, category: "TASK", desiredKeys: ["title"]))
            let zone = Subscription(id: "tasks-zone", kind: .recordZone(Task.zoneID))
            let everything = Subscription(id: Self.subscriptionID, kind: .database)

            let saved = try await database.modifySubscriptions(saving: [query, zone, everything], deleting: [])
            #expect(try saved.saves.map { try $0.get() } == [query, zone, everything])
            #expect(try await database.fetchAllSubscriptions() == [everything, zone, query])
            // What the server keeps is what was sent.
            #expect(try await Emulator.privateSimulator(server).fetchAllSubscriptions() == [everything, zone, query])

            let found = try await database.fetchSubscriptions(["urgent-tasks", "missing"])
            #expect(try found[0].get() == query)
            #expect(throws: CloudError.invalidArguments("subscription missing does not exist")) { try found[1].get() }

            let changed = try await database.modifySubscriptions(saving: [], deleting: ["tasks-zone", "missing"])
            #expect(try changed.deletes[0].get() == "tasks-zone")
            #expect(throws: CloudError.invalidArguments("subscription missing does not exist")) { try changed.deletes[1].get() }
            #expect(try await database.fetchAllSubscriptions().map(\.id) == [Self.subscriptionID, "urgent-tasks"])
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func thePublicDatabaseRefusesADatabaseSubscriptionItemByItem() async throws {
        try await Emulator.withServer { server async throws in
            let database = Emulator.database(server, scope: .public, credentials: .apiToken(Emulator.apiToken))
            let zone = Subscription(id: "default-zone", kind: .recordZone(.default))
            let result = try await database.modifySubscriptions(
                saving: [Subscription(id: "all", kind: .database), zone], deleting: [])
            guard case let .failure(.invalidArguments(reason)) = result.saves[0] else {
                Issue.record("a database subscription in the public database was \(result.saves[0])")
                return
            }
            #expect(reason.contains("the public database has no database subscriptions"))
            #expect(try result.saves[1].get() == zone)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aLongPollIsWokenByAnotherClientsSave() async throws {
        try await Emulator.withServer { server async throws in
            let laptop = userDatabase(server, "web-laptop")
            let phone = userDatabase(server, "web-phone")
            _ = try await laptop.saveZones([Task.zoneID])
            _ = try await laptop.modifySubscriptions(saving: [Subscription(id: Self.subscriptionID, kind: .database)], deleting: [])
            let token = try await laptop.createAPNsToken(environment: .development)
            try await laptop.registerAPNsToken(token.token, environment: .development)
            #expect(token.webcourierURL.absoluteString == "\(server.serviceURL.absoluteString)/webcourier/\(token.token)")

            async let push = laptop.pollNotification(at: token.webcourierURL)
            // The poll waits on the server before the other client saves.
            await server.cloudKit.pollWaiting(on: token.token)
            _ = try await phone.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(task("t1", title: "milk"))]))

            let notification = try #require(try await push)
            #expect(notification.subscriptionID == Self.subscriptionID)
            #expect(notification.kind == .database(zoneID: Task.zoneID))
            #expect(notification.databaseScope == .private)
            #expect(notification.containerIdentifier == Emulator.container)
            #expect(notification.isContentAvailable && notification.isSilent)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func queuedPushesAreTakenOneAPollOldestFirstAndAQuietPollEndsEmpty() async throws {
        // The courier's wait returns at once: a poll with nothing queued ends empty without a real wait.
        var configuration = Emulator.configuration()
        configuration.wait = { _ in }
        try await Emulator.withServer(configuration) { server async throws in
            let laptop = userDatabase(server, "web-laptop")
            _ = try await laptop.saveZones([Task.zoneID])
            let query = QuerySubscription(recordType: "Task", filters: [QueryFilter("title", .equals, .string("eggs"))])
            _ = try await laptop.modifySubscriptions(saving: [Subscription(id: "eggs", kind: .query(query))], deleting: [])
            let token = try await laptop.createAPNsToken()
            try await laptop.registerAPNsToken(token.token)
            #expect(try await laptop.pollNotification(at: token.webcourierURL) == nil)

            let phone = userDatabase(server, "web-phone")
            let saves = ["milk", "eggs", "bread"].enumerated().map { RecordSave(task("t\($0.offset)", title: $0.element)) }
            _ = try await phone.modifyRecords(ModifyRecordsRequest(saves: saves))
            _ = try await phone.modifyRecords(ModifyRecordsRequest(deletes: [RecordID(recordName: "t1", zoneID: Task.zoneID)]))

            let created = try #require(try await laptop.pollNotification(at: token.webcourierURL))
            #expect(created.kind == .query(recordID: RecordID(recordName: "t1", zoneID: Task.zoneID), reason: .recordCreated))
            let deleted = try #require(try await laptop.pollNotification(at: token.webcourierURL))
            #expect(deleted.kind == .query(recordID: RecordID(recordName: "t1", zoneID: Task.zoneID), reason: .recordDeleted))
            #expect(created.notificationID != deleted.notificationID)
            #expect(try await laptop.pollNotification(at: token.webcourierURL) == nil)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func anUnknownCourierTokenAndABadRegistrationAreRefused() async throws {
        try await Emulator.withServer { server async throws in
            let laptop = userDatabase(server, "web-laptop")
            let unknown = server.serviceURL.appendingPathComponent("webcourier").appendingPathComponent("no-such-token")
            await #expect(throws: CloudError.self) { _ = try await laptop.pollNotification(at: unknown) }
            await #expect(throws: CloudError.invalidArguments("BAD_REQUEST: apnsToken must be 1 to 200 letters, digits, '.', '_' or '-'")) {
                try await laptop.registerAPNsToken("not/a/token")
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func twoEnginesConvergeFromLongPollPushesAlone() async throws {
        try await Emulator.withServer { server async throws in
            let phone = try HTTPDevice(name: "phone", server: server, webAuthToken: "web-phone", subscriptionID: Self.subscriptionID)
            let laptop = try HTTPDevice(name: "laptop", server: server, webAuthToken: "web-laptop", subscriptionID: Self.subscriptionID)
            // Launch: each engine saves the subscription once; the laptop listens on a web courier token.
            try await phone.engine.sync()
            try await laptop.engine.sync()
            #expect(try await laptop.database.fetchAllSubscriptions().map(\.id) == [Self.subscriptionID])
            let token = try await laptop.database.createAPNsToken()
            try await laptop.database.registerAPNsToken(token.token)

            try phone.store.save(contentsOf: ["milk", "eggs", "bread"].enumerated().map {
                makeTask("t\($0.offset)", title: $0.element, modified: Double($0.offset))
            })
            try await phone.engine.sendChanges()
            try phone.store.save(makeTask("t1", title: "eggs, a dozen", modified: 50))
            try await phone.engine.sendChanges()

            // One push per change; the laptop only handles what the courier hands it.
            var handled: [PushHandling] = []
            for _ in 0..<4 {
                let push = try #require(try await laptop.database.pollNotification(at: token.webcourierURL))
                handled.append(try await laptop.engine.handle(notification: push))
            }
            #expect(handled.allSatisfy { $0 == .fetched })
            let records = await Emulator.privateSimulator(server).serverRecords()
            #expect(try laptop.divergences(from: records) == [])
            #expect(try laptop.tasks()["t1"]?.title == "eggs, a dozen")
        }
    }
}
