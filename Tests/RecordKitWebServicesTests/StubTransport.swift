import Foundation
import RecordKitSync
import RecordKitWebServices

/// A transport that answers from a list of canned responses, in order, and keeps the requests it was sent.
actor StubTransport: WebServicesTransport {
    private var responses: [WebServicesHTTPResponse]
    private(set) var requests: [WebServicesHTTPRequest] = []

    init(_ responses: [WebServicesHTTPResponse]) {
        self.responses = responses
    }

    func send(_ request: WebServicesHTTPRequest) async throws(CloudError) -> WebServicesHTTPResponse {
        requests.append(request)
        guard !responses.isEmpty else { throw .networkFailure }
        return responses.removeFirst()
    }
}

/// A private database of a test container over `transport`, with an API token and a web auth token.
func stubDatabase(_ transport: StubTransport, scope: DatabaseScope = .private) -> WebServicesDatabase {
    let endpoint = WebServicesEndpoint(
        service: URL(string: "https://cloudkit.invalid") ?? URL(fileURLWithPath: "/"), container: "iCloud.com.example.app",
        environment: .development, database: scope)
    return WebServicesDatabase(
        endpoint: endpoint, credentials: .webAuth(apiToken: "api-secret-1", webAuthToken: "web-secret-1"), transport: transport)
}

import RecordKit
