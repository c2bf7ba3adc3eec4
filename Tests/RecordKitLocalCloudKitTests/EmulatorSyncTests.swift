import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import RecordKitWebServices
import Testing

/// Two devices' SyncEngines through WebServicesDatabase against the local CloudKit over HTTP on 127.0.0.1:
/// the simulator tests' scenarios and assertions, over the wire.
@Suite struct EmulatorSyncTests {
    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func theLaterEditWinsOnBothDevicesAfterAConflict() async throws {
        try await Emulator.withServer { server async throws in
            let phone = try HTTPDevice(name: "phone", server: server, webAuthToken: "web-phone")
            let laptop = try HTTPDevice(name: "laptop", server: server, webAuthToken: "web-laptop")
            try phone.store.save(makeTask("groceries", title: "milk", modified: 100))
            try await phone.engine.sync()
            try await laptop.engine.sync()
            #expect(try laptop.tasks()["groceries"]?.title == "milk")

            try phone.store.save(makeTask("groceries", title: "milk, eggs", modified: 200))
            try laptop.store.save(makeTask("groceries", title: "milk, bread", modified: 300))
            // The earlier edit reaches the server first; the later one must still win.
            try await phone.engine.sync()
            try await laptop.engine.sync()
            try await phone.engine.sync()

            let server = await Emulator.privateSimulator(server).serverRecords()
            #expect(try phone.divergences(from: server) == [])
            #expect(try laptop.divergences(from: server) == [])
            #expect(server.first?["title"] == .string("milk, bread"))
            #expect(laptop.events.events.contains { if case .conflictMerged = $0 { true } else { false } })
            for device in [phone, laptop] { #expect(try device.tasks()["groceries"]?.title == "milk, bread", "\(device.name)") }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func changesArriveInPagesAndTheTokenAdvances() async throws {
        try await Emulator.withServer { server async throws in
            await Emulator.privateSimulator(server).setChangesPageSize(3)
            let phone = try HTTPDevice(name: "phone", server: server, webAuthToken: "web-phone")
            let laptop = try HTTPDevice(name: "laptop", server: server, webAuthToken: "web-laptop")
            try phone.store.save(contentsOf: (1...7).map { makeTask("t\($0)", title: "task \($0)", modified: Double($0)) })
            try await phone.engine.sync()
            try await laptop.engine.sync()
            let pages = laptop.events.events.compactMap { event -> Int? in
                if case let .fetched(_, changed, deleted) = event { changed.count + deleted.count } else { nil }
            }
            #expect(pages == [3, 3, 1])
            #expect(try laptop.tasks().count == 7)
            // From the stored token, nothing is fetched again.
            laptop.events.removeAll()
            try await laptop.engine.sync()
            let again = laptop.events.events.compactMap { event -> Int? in
                if case let .fetched(_, changed, deleted) = event { changed.count + deleted.count } else { nil }
            }
            #expect(again.allSatisfy { $0 == 0 })
            #expect(try laptop.divergences(from: await Emulator.privateSimulator(server).serverRecords()) == [])
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aLostResponseIsRetriedAndTheDevicesConverge() async throws {
        try await Emulator.withServer { server async throws in
            let simulator = await Emulator.privateSimulator(server)
            let phone = try HTTPDevice(name: "phone", server: server, webAuthToken: "web-phone")
            let laptop = try HTTPDevice(name: "laptop", server: server, webAuthToken: "web-laptop")
            try phone.store.save(makeTask("t1", title: "first", modified: 10))
            try await phone.engine.sync()
            await simulator.injectFault(.loseResponse, on: [.modifyRecords])
            try phone.store.save(makeTask("t1", title: "second", modified: 20))
            try await phone.engine.sync()
            // The server committed the lost request; the retry met the new change tag and merged.
            #expect(await simulator.injectedFaults.map(\.fault) == [.loseResponse])
            #expect(await phone.clock.waits == [1])
            try await laptop.engine.sync()
            let records = await simulator.serverRecords()
            #expect(records.first?["title"] == .string("second"))
            #expect(try phone.divergences(from: records) == [])
            #expect(try laptop.divergences(from: records) == [])
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func throttlingWaitsTheServersRetryAfter() async throws {
        try await Emulator.withServer { server async throws in
            let simulator = await Emulator.privateSimulator(server)
            let phone = try HTTPDevice(name: "phone", server: server, webAuthToken: "web-phone")
            try phone.store.save(makeTask("t1", title: "t", modified: 1))
            _ = try await phone.database.saveZones([Task.zoneID])
            await simulator.injectFault(.rateLimit(retryAfter: 7), on: [.modifyRecords])
            await simulator.injectFault(.zoneBusy(retryAfter: 2), on: [.modifyRecords])
            await simulator.injectFault(.serviceUnavailable(retryAfter: 30), on: [.modifyRecords])
            try await phone.engine.sendChanges()
            #expect(await phone.clock.waits == [7, 2, 30])
            #expect(await simulator.serverRecords().count == 1)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func anExpiredTokenRefetchesFromTheStart() async throws {
        try await Emulator.withServer { server async throws in
            let simulator = await Emulator.privateSimulator(server)
            let phone = try HTTPDevice(name: "phone", server: server, webAuthToken: "web-phone")
            let laptop = try HTTPDevice(name: "laptop", server: server, webAuthToken: "web-laptop")
            try phone.store.save(contentsOf: (1...3).map { makeTask("t\($0)", title: "v\($0)", modified: Double($0)) })
            try await phone.engine.sync()
            try await laptop.engine.sync()
            await simulator.serverExpireChangeTokens(inZone: Task.zoneID)
            try phone.store.save(makeTask("t4", title: "v4", modified: 4))
            try await phone.engine.sync()
            try await laptop.engine.sync()
            let records = await simulator.serverRecords()
            #expect(records.count == 4)
            #expect(try laptop.divergences(from: records) == [])
        }
    }
}
