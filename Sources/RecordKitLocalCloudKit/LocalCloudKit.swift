import Crypto
import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

/// The local CloudKit: `CloudKitSimulator` databases answering CloudKit Web Services requests, in CloudKit's
/// URL layout and JSON, with CloudKit's authentication.
///
/// ``handle(_:)`` answers one request; ``LocalCloudKitServer`` serves it over HTTP on loopback. Each database
/// (container, environment, database, and user for the private and shared ones) is its own simulator, created
/// on first use; ``simulator(for:)`` hands it to a test for inspection and fault injection. Every refusal and
/// failure is a CloudKit error body: a malformed, oversized or hostile request never crashes the server.
public actor LocalCloudKit {
    let configuration: LocalCloudKitConfiguration
    nonisolated let configurationMaximumBodyBytes: Int
    var authenticator: RequestAuthenticator
    var databases: [LocalDatabaseAddress: CloudKitSimulator] = [:]
    var assets: [String: Data] = [:]
    var pendingUploads: Set<String> = []
    var courier = WebCourier()
    var connectionFaults: [ConnectionFault] = []

    /// A local CloudKit with `configuration`.
    public init(configuration: LocalCloudKitConfiguration) {
        self.configuration = configuration
        configurationMaximumBodyBytes = configuration.maximumBodyBytes
        authenticator = RequestAuthenticator(configuration: configuration)
    }

    /// The simulator behind a database, created on first use (seeded from the configuration's seed and the
    /// address, so a run is reproducible).
    public func simulator(for address: LocalDatabaseAddress) async -> CloudKitSimulator {
        if let simulator = databases[address] { return simulator }
        var seed = configuration.seed
        for byte in address.description.utf8 { seed = (seed &* 1_099_511_628_211) ^ UInt64(byte) }
        let simulator = CloudKitSimulator(scope: address.scope, seed: seed, userRecordName: address.user ?? "_publicUser")
        await restore(simulator, address: address)
        // Another request may have created the database while this one read the folder: the first one wins, and
        // no request has seen the other.
        if let existing = databases[address] { return existing }
        databases[address] = simulator
        return simulator
    }

    /// Answers one request.
    public func handle(_ request: LocalRequest) async -> LocalResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if parts.count == 3, parts[0] == "assets" {
            return assetRequest(kind: parts[1], id: parts[2], request: request)
        }
        if parts.count == 2, parts[0] == "webcourier" {
            return await longPoll(token: parts[1])
        }
        // /database/1/<container>/<environment>/<database>/<operation…>
        guard parts.count >= 6, parts[0] == "database", parts[1] == "1" else {
            return .error(.notFound, "no such endpoint")
        }
        switch takeConnectionFault() {
        case let .stall(duration)?:
            try? await configuration.wait(duration)
            return .dropConnection
        case .reset?: return .dropConnection
        case nil: break
        }
        guard request.body.count <= configuration.maximumBodyBytes else {
            return .error(.badRequest, "the request body is larger than \(configuration.maximumBodyBytes) bytes")
        }
        let (container, environment) = (parts[2], parts[3])
        guard configuration.containers.contains(container) else {
            return .error(.authenticationFailed, "Authentication failed")
        }
        guard environment == "development" || environment == "production" else {
            return .error(.badRequest, "the environment must be development or production")
        }
        // /database/1/<container>/<environment>/tokens/<operation> names no database.
        let isTokens = parts.count == 6 && parts[4] == "tokens"
        guard let scope = isTokens ? .public : DatabaseScope(rawValue: parts[4]) else {
            return .error(.badRequest, "the database must be public, private or shared")
        }
        let caller: Caller
        switch authenticator.authenticate(request, scope: scope, now: configuration.now()) {
        case let .success(found): caller = found
        case let .failure(refusal): return refusal.response
        }
        var user: String?
        var rotated: [String: String] = [:]
        if case let .user(name, next) = caller {
            user = name
            rotated["X-Apple-CloudKit-Web-Auth-Token"] = next
        }
        let operation = parts[5...].joined(separator: "/")
        let answer: LocalResponse
        if isTokens {
            answer = await tokensRequest(operation, request: request, container: container, environment: environment, user: user)
        } else {
            let address = LocalDatabaseAddress(container: container, environment: environment, scope: scope, user: user)
            let database = await simulator(for: address)
            answer = await perform(operation, request: request, database: database, caller: caller)
            if operation == "records/modify" || operation == "zones/modify" {
                await persist(database, address: address)
                await deliverPushes()
            }
        }
        guard case let .reply(status, headers, body) = answer else { return answer }
        return .reply(status: status, headers: headers.merging(rotated) { first, _ in first }, body: body)
    }

    private func perform(
        _ operation: String, request: LocalRequest, database: CloudKitSimulator, caller: Caller
    ) async -> LocalResponse {
        do {
            switch operation {
            case "records/modify": return try await modifyRecords(request.body, database: database)
            case "records/lookup": return try await lookupRecords(request.body, database: database)
            case "records/query": return try await queryRecords(request.body, database: database)
            case "changes/zone": return try await zoneChanges(request.body, database: database)
            case "changes/database": return try await databaseChanges(request.body, database: database)
            case "zones/list": return await listZones(database: database)
            case "zones/modify": return try await modifyZones(request.body, database: database)
            case "assets/upload": return try uploadTokens(request.body, host: request.host)
            case "users/current": return currentUser(caller, database: database)
            case "subscriptions/modify": return try await modifySubscriptions(request.body, database: database)
            case "subscriptions/list": return try await listSubscriptions(database: database)
            case "subscriptions/lookup": return try await lookupSubscriptions(request.body, database: database)
            default: return .error(.notFound, "unknown operation \(operation)")
            }
        } catch let error as LocalRefusal {
            return error.response
        } catch let error as WebServicesError {
            return .error(.badRequest, "\(error)")
        } catch let error as CloudError {
            return .cloudError(error)
        } catch {
            return .error(.internalError, "the request could not be processed")
        }
    }

    private func currentUser(_ caller: Caller, database: CloudKitSimulator) -> LocalResponse {
        let name: String = switch caller {
        case let .user(user, _): user
        case let .server(keyID): "_server_\(keyID)"
        case .anonymous: "_anonymous"
        }
        return .json(LocalJSON.data(["userRecordName": name]))
    }
}
