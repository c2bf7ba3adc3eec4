import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync
import RecordKitTesting
import RecordKitWebServices
import Testing

/// A request the client gives up on (its timeout) and a connection the server closes without answering are
/// `CloudError.networkFailure`, which SyncEngine retries until the devices converge. The client's timeout is
/// short here so that the stalled request is abandoned quickly; nothing asserts a duration.
@Suite struct EmulatorConnectionFaultTests {
    static let shortTimeout = HTTPClientTransport(timeout: .milliseconds(300))

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aStalledRequestIsANetworkFailure() async throws {
        try await Emulator.withServer { server async throws in
            let database = Emulator.database(
                server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-phone"),
                transport: Self.shortTimeout)
            await server.cloudKit.injectConnectionFault(.stall(.seconds(2)))
            await #expect(throws: CloudError.networkFailure) { _ = try await database.listZones() }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aResetConnectionIsANetworkFailure() async throws {
        try await Emulator.withServer { server async throws in
            let database = Emulator.database(
                server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-phone"))
            await server.cloudKit.injectConnectionFault(.reset)
            await #expect(throws: CloudError.networkFailure) { _ = try await database.listZones() }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test(arguments: [ConnectionFault.stall(.seconds(2)), .reset])
    func theEngineRetriesAfterAConnectionFaultAndTheDevicesConverge(fault: ConnectionFault) async throws {
        try await Emulator.withServer { server async throws in
            // Only the stall needs a client timeout, and one shorter than the stall (2 s); 1.5 s rather than 300 ms,
            // so that on a loaded machine the requests around the fault are not abandoned too.
            let transport = fault == .reset ? HTTPClientTransport() : HTTPClientTransport(timeout: .milliseconds(1_500))
            let phone = try HTTPDevice(name: "phone", server: server, webAuthToken: "web-phone", transport: transport)
            let laptop = try HTTPDevice(name: "laptop", server: server, webAuthToken: "web-laptop")
            try phone.store.save(makeTask("t1", title: "first", modified: 10))
            try await phone.engine.sync()
            try phone.store.save(makeTask("t1", title: "second", modified: 20))
            // The next request of the phone's sync meets the fault; the engine waits once and sends it again.
            await server.cloudKit.injectConnectionFault(fault)
            try await phone.engine.sync()
            // At least the faulty request was waited on and sent again (a request slower than the client's timeout
            // on a loaded machine adds a wait of its own: what matters is that the engine retried and converged).
            #expect(await phone.clock.waits.count >= 1)
            try await laptop.engine.sync()
            let records = await Emulator.privateSimulator(server).serverRecords()
            #expect(records.first?["title"] == .string("second"))
            #expect(try phone.divergences(from: records) == [])
            #expect(try laptop.divergences(from: records) == [])
        }
    }
}
