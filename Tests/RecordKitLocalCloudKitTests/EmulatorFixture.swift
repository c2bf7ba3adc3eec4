import Crypto
import Foundation
import GRDB
import RecordKit
import RecordKitLocalCloudKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import RecordKitWebServices

/// The container, credentials and keys the tests register.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
enum Emulator {
    static let container = "iCloud.com.example.app"
    static let apiToken = "test-api-token"
    static let user = "_alice"
    static let signingKey = P256.Signing.PrivateKey()

    static func configuration(
        now: @escaping @Sendable () -> Date = { Date() }, maximumBodyBytes: Int = 16 << 20
    ) -> LocalCloudKitConfiguration {
        LocalCloudKitConfiguration(
            containers: [container], serverKeys: ["server-key-1": signingKey.publicKey], apiTokens: [apiToken],
            webAuthTokens: ["web-phone": user, "web-laptop": user], maximumBodyBytes: maximumBodyBytes, seed: 7, now: now)
    }

    /// Runs `body` against a server on 127.0.0.1 at an ephemeral port, and stops the server whatever happens.
    static func withServer<T>(
        _ configuration: LocalCloudKitConfiguration = Emulator.configuration(),
        _ body: (LocalCloudKitServer) async throws -> T
    ) async throws -> T {
        let server = try await LocalCloudKitServer.start(LocalCloudKit(configuration: configuration), port: 0)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    static func database(
        _ server: LocalCloudKitServer, scope: DatabaseScope, credentials: WebServicesCredentials,
        now: @escaping @Sendable () -> Date = { Date() }, transport: HTTPClientTransport = HTTPClientTransport(timeout: .seconds(60))
    ) -> WebServicesDatabase {
        WebServicesDatabase(
            endpoint: WebServicesEndpoint(service: server.serviceURL, container: container, environment: .development, database: scope),
            credentials: credentials, transport: transport, now: now)
    }

    /// The user's private database behind the server, for inspection and faults.
    static func privateSimulator(_ server: LocalCloudKitServer) async -> CloudKitSimulator {
        await server.cloudKit.simulator(for: LocalDatabaseAddress(container: container, environment: "development", scope: .private, user: user))
    }
}

/// One device syncing its own store through a WebServicesDatabase over HTTP.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
final class HTTPDevice: Sendable {
    let name: String
    let store: RecordStore
    let engine: SyncEngine
    let database: WebServicesDatabase
    let events: EventLog
    let clock: VirtualClock

    /// A device; `transport` sets its timeout, `subscriptionID` makes its engine save a database subscription.
    init(
        name: String, server: LocalCloudKitServer, webAuthToken: String,
        transport: HTTPClientTransport = HTTPClientTransport(timeout: .seconds(60)), subscriptionID: String? = nil
    ) throws {
        self.name = name
        store = try RecordStore(database: try DatabaseQueue(), models: [Task.self, TaskList.self])
        database = Emulator.database(
            server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: webAuthToken),
            transport: transport)
        let events = EventLog()
        self.events = events
        clock = VirtualClock()
        var configuration = SyncConfiguration(zones: [Task.zoneID], onEvent: { events.record($0) })
        configuration.databaseSubscriptionID = subscriptionID
        engine = SyncEngine(store: store, database: database, configuration: configuration, clock: clock)
    }

    func tasks() throws -> [String: Task] {
        Dictionary(uniqueKeysWithValues: try store.fetchAll(Task.self).models.map { ($0.recordID.recordName, $0) })
    }

    /// Where the device and the server disagree, one sentence each; empty when converged.
    func divergences(from server: [RecordKit.Record]) throws -> [String] {
        var problems: [String] = []
        if try store.pendingCount() != 0 { problems.append("\(name) has pending changes") }
        let local = try store.fetchAll(Task.self).models
        if local.count != server.count { problems.append("\(name) holds \(local.count) tasks, the server \(server.count)") }
        for record in server {
            guard let state = try store.storedState(of: record.id), let mine = state.local else {
                problems.append("\(name) lacks \(record.id)")
                continue
            }
            if mine.fields != record.fields { problems.append("\(name) holds \(record.id) as \(mine.fields), the server as \(record.fields)") }
        }
        return problems
    }
}

/// A task in the tasks zone, edited at `modified` seconds.
func makeTask(_ name: String, title: String, modified: TimeInterval) -> Task {
    Task(recordID: RecordID(recordName: name, zoneID: Task.zoneID), title: title, modified: Date(timeIntervalSince1970: modified))
}
