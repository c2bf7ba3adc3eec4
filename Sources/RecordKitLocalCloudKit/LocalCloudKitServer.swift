import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The local CloudKit served over HTTP/1.1 on 127.0.0.1 (never another address), with Hummingbird.
///
/// ```swift
/// let server = try await LocalCloudKitServer.start(LocalCloudKit(configuration: configuration))  // port 0: any free port
/// defer { Task { await server.stop() } }
/// let service = server.serviceURL  // http://127.0.0.1:<port>, the WebServicesEndpoint's service
/// ```
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
public final class LocalCloudKitServer: Sendable {
    /// The CloudKit it serves.
    public let cloudKit: LocalCloudKit
    /// The port it listens on.
    public let port: Int
    private let task: Task<Void, any Error>

    private init(cloudKit: LocalCloudKit, port: Int, task: Task<Void, any Error>) {
        self.cloudKit = cloudKit
        self.port = port
        self.task = task
    }

    /// `http://127.0.0.1:<port>`.
    public var serviceURL: URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Starts serving `cloudKit` on 127.0.0.1 at `port` (0: a free port the system picks) and returns once the
    /// server listens.
    public static func start(_ cloudKit: LocalCloudKit, port: Int = 0, logger: Logger? = nil) async throws -> LocalCloudKitServer {
        let maximumBody = cloudKit.maximumBodyBytes
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await respond(to: request, cloudKit: cloudKit, maximumBody: maximumBody)
        }
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        var quiet = Logger(label: "cloudkit-emulator")
        quiet.logLevel = .error
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "RecordKit local CloudKit"),
            onServerRunning: { channel in
                portSink.yield(channel.localAddress?.port ?? 0)
                portSink.finish()
            },
            logger: logger ?? quiet)
        let task = Task { try await application.run() }
        var bound: Int?
        for await port in ports { bound = port }
        guard let bound, bound > 0 else {
            task.cancel()
            _ = try? await task.value
            throw LocalCloudKitServerError.couldNotListen(port: port)
        }
        return LocalCloudKitServer(cloudKit: cloudKit, port: bound, task: task)
    }

    /// Stops serving and waits until the server has closed.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    /// Waits until the server stops (for the executable).
    public func wait() async throws {
        try await task.value
    }

    private static func respond(to request: Request, cloudKit: LocalCloudKit, maximumBody: Int) async -> Response {
        var request = request
        // An asset upload's body is bounded by CloudKit's asset limit, every other by the configured request limit;
        // both arrive as the chunks the client streams.
        let isAssetUpload = request.method == .post && request.uri.path.hasPrefix("/assets/upload/")
        let bound = isAssetUpload ? LocalCloudKit.maximumAssetBytes : maximumBody
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: bound)
        } catch {
            return response(.error(.badRequest, "the request body is larger than \(bound) bytes"))
        }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
        let local = LocalRequest(
            method: request.method.rawValue, path: request.uri.path, query: query, headers: headers,
            body: Data(body.readableBytesView), host: request.head.authority ?? "127.0.0.1")
        return response(await cloudKit.handle(local))
    }

    private static func response(_ local: LocalResponse) -> Response {
        switch local {
        case let .reply(status, headers, body):
            var fields = HTTPFields()
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                if let field = HTTPField.Name(name) { fields[field] = value }
            }
            return Response(status: .init(code: status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        case .dropConnection:
            // The head goes out, then the body fails: the connection closes without a whole response.
            return Response(status: .ok, body: ResponseBody { _ in throw LocalCloudKitServerError.responseDropped })
        }
    }
}

/// The server's own failures.
public enum LocalCloudKitServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing could listen on 127.0.0.1 at this port.
    case couldNotListen(port: Int)
    /// A fault dropped a response (never seen by a caller: it closes the connection).
    case responseDropped

    public var description: String {
        switch self {
        case let .couldNotListen(port): "could not listen on 127.0.0.1:\(port)"
        case .responseDropped: "the response was dropped by an injected fault"
        }
    }
}

extension LocalCloudKit {
    /// The largest request body accepted.
    nonisolated var maximumBodyBytes: Int { configurationMaximumBodyBytes }
}
