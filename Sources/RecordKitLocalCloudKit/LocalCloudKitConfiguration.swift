import Crypto
import Foundation
import RecordKit

/// What a local CloudKit serves and whom it lets in.
public struct LocalCloudKitConfiguration: Sendable {
    /// The container IDs served; a request for another is refused with `AUTHENTICATION_FAILED`.
    public var containers: Set<String>
    /// Server-to-server public keys by key ID: a request signed by one of their private keys reaches the public
    /// database.
    public var serverKeys: [String: P256.Signing.PublicKey]
    /// API tokens: with one, a request reaches the public database; with one and a web auth token, the user's
    /// private and shared databases.
    public var apiTokens: Set<String>
    /// Web auth tokens and the user record name each signs in as. Each is single-use, as CloudKit's: every
    /// response names its successor, and a token stops working once its successor has been used.
    public var webAuthTokens: [String: String]
    /// How far a signature's date may be from the server's clock, in seconds.
    public var allowedClockSkew: TimeInterval
    /// The largest request body accepted, in bytes; more is a `BAD_REQUEST`.
    public var maximumBodyBytes: Int
    /// The seed of every simulated database (each database derives its own from it).
    public var seed: UInt64
    /// The server's clock, for signature dates.
    public var now: @Sendable () -> Date
    /// Where to keep the databases across restarts; nil keeps them in memory only.
    public var persistenceFolder: URL?
    /// How long a web courier long poll waits for a push before it answers empty.
    public var longPollTimeout: Duration = .seconds(30)
    /// How the server waits (long polls, stalls): `Task.sleep` unless a test injects its own clock. It throws
    /// when the wait is cancelled.
    public var wait: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    /// A configuration serving `containers`, with no credentials registered yet.
    public init(
        containers: Set<String>, serverKeys: [String: P256.Signing.PublicKey] = [:], apiTokens: Set<String> = [],
        webAuthTokens: [String: String] = [:], allowedClockSkew: TimeInterval = 300,
        maximumBodyBytes: Int = 16 << 20, seed: UInt64 = 0, now: @escaping @Sendable () -> Date = { Date() },
        persistenceFolder: URL? = nil
    ) {
        self.persistenceFolder = persistenceFolder
        self.containers = containers
        self.serverKeys = serverKeys
        self.apiTokens = apiTokens
        self.webAuthTokens = webAuthTokens
        self.allowedClockSkew = allowedClockSkew
        self.maximumBodyBytes = maximumBodyBytes
        self.seed = seed
        self.now = now
    }
}

/// One database of the local CloudKit: container, environment, database and, for the private and shared
/// databases, the user.
public struct LocalDatabaseAddress: Sendable, Hashable, CustomStringConvertible {
    public var container: String
    /// `development` or `production`.
    public var environment: String
    public var scope: DatabaseScope
    /// The user whose private or shared database this is; nil for the public database.
    public var user: String?

    /// Creates an address.
    public init(container: String, environment: String, scope: DatabaseScope, user: String? = nil) {
        self.container = container
        self.environment = environment
        self.scope = scope
        self.user = scope == .public ? nil : user
    }

    public var description: String {
        "\(container)/\(environment)/\(scope.rawValue)" + (user.map { " of \($0)" } ?? "")
    }
}

