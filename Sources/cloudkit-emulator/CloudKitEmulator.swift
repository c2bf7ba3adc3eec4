import ArgumentParser
import Crypto
import Foundation
import RecordKitLocalCloudKit

/// `cloudkit-emulator`: the local CloudKit as a program. Maps options to a configuration and serves it; no logic
/// of its own.
@main
struct CloudKitEmulator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cloudkit-emulator",
        abstract: "A local CloudKit: CloudKit Web Services on 127.0.0.1, backed by RecordKit's CloudKit simulator.",
        discussion: """
            Serves http://127.0.0.1:<port>/database/1/<container>/<environment>/<database>/<operation> with \
            CloudKit's JSON and error codes. Requests signed with a registered server-to-server key reach the \
            public database; requests with a registered API token reach the public database, and with a web auth \
            token (given with --web-auth-token) that user's private and shared databases. It never listens on \
            another address than 127.0.0.1.
            """)

    @Option(help: "The port to listen on (0: any free port, printed on start).")
    var port: Int = 8080

    @Option(help: "A container to serve, such as iCloud.com.example.app. Repeat for more.")
    var container: [String] = []

    @Option(help: "A server-to-server key, KEY_ID=path/to/public-key.pem (the public key of the key pair). Repeat for more.")
    var serverKey: [String] = []

    @Option(help: "An API token to accept. Repeat for more.")
    var apiToken: [String] = []

    @Option(help: "A web auth token to accept, TOKEN=userRecordName. Repeat for more.")
    var webAuthToken: [String] = []

    @Option(help: "The most seconds a signature's date may be off the server's clock.")
    var allowedClockSkew: Double = 300

    @Option(help: "A folder to keep the databases in across restarts (records and zones; change tags and tokens start anew).")
    var dataFolder: String?

    mutating func validate() throws {
        guard !container.isEmpty else { throw ValidationError("give at least one --container") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535") }
    }

    func run() async throws {
        var keys: [String: P256.Signing.PublicKey] = [:]
        for entry in serverKey {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--server-key takes KEY_ID=path/to/public-key.pem, not \(entry)") }
            let pem: String
            do {
                pem = try String(contentsOfFile: parts[1], encoding: .utf8)
            } catch {
                throw ValidationError("cannot read \(parts[1])")
            }
            do {
                keys[parts[0]] = try P256.Signing.PublicKey(pemRepresentation: pem)
            } catch {
                throw ValidationError("\(parts[1]) is not a PEM ECDSA P-256 public key (openssl ec -in key.pem -pubout)")
            }
        }
        var users: [String: String] = [:]
        for entry in webAuthToken {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--web-auth-token takes TOKEN=userRecordName") }
            users[parts[0]] = parts[1]
        }
        let configuration = LocalCloudKitConfiguration(
            containers: Set(container), serverKeys: keys, apiTokens: Set(apiToken), webAuthTokens: users,
            allowedClockSkew: allowedClockSkew, persistenceFolder: dataFolder.map { URL(fileURLWithPath: $0) })
        guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else {
            throw ValidationError("cloudkit-emulator needs macOS 14 or later (Hummingbird 2)")
        }
        try await serve(configuration)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    private func serve(_ configuration: LocalCloudKitConfiguration) async throws {
        let server = try await LocalCloudKitServer.start(LocalCloudKit(configuration: configuration), port: port)
        // Written at once (stdout is block-buffered when piped), so a script can wait for this line.
        FileHandle.standardOutput.write(Data("cloudkit-emulator listening on \(server.serviceURL.absoluteString)\n".utf8))
        try await server.wait()
    }
}
