import Foundation
import RecordKitSync
import RecordKitWebServices

/// The HTTP transport, keeping the bodies of the last exchange so that the harness can time the codecs on exactly
/// what went over the wire.
final class CapturingTransport: WebServicesTransport, @unchecked Sendable {
    private let base: HTTPClientTransport
    private let lock = NSLock()
    private var request = Data()
    private var response = Data()

    init(_ base: HTTPClientTransport) {
        self.base = base
    }

    func send(_ request: WebServicesHTTPRequest) async throws(CloudError) -> WebServicesHTTPResponse {
        let answer = try await base.send(request)
        lock.withLock {
            self.request = request.body
            self.response = answer.body
        }
        return answer
    }

    /// The request and response bodies of the last exchange.
    var lastExchange: (request: Data, response: Data) {
        lock.withLock { (request, response) }
    }
}
