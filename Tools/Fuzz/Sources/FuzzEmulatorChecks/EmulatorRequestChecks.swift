import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync

/// The local CloudKit's request path (`LocalCloudKit.handle`, everything but the socket): any method, path,
/// headers and body get an answer, and every answer is CloudKit-shaped: a 2xx, or a CloudKit error body whose
/// `serverErrorCode` maps to the HTTP status it came with. Never a crash, never a dropped connection (no fault is
/// injected here).
public enum EmulatorRequestChecks {
    /// An input as a request: the first line is the method, the second the path with an optional `?query`, then
    /// `name: value` header lines up to an empty line, then the body. Missing parts take a valid user's
    /// defaults, so that mutations reach the operations behind the authentication.
    public static func request(from data: Data) -> LocalRequest {
        var lines: [Substring] = []
        var rest = data[...]
        while lines.count < 24, let newline = rest.firstIndex(of: 0x0A) {
            let line = String(decoding: rest[rest.startIndex..<newline], as: UTF8.self)
            rest = rest[rest.index(after: newline)...]
            if line.isEmpty, lines.count >= 2 { break }
            lines.append(Substring(line))
        }
        let method = lines.first.map(String.init) ?? "POST"
        let target = lines.count > 1 ? String(lines[1]) : "/database/1/\(container)/development/private/records/modify"
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = ["ckAPIToken": apiToken, "ckWebAuthToken": webAuthToken]
        if pieces.count == 2 {
            query = [:]
            for pair in pieces[1].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
                query[name] = value
            }
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst(2) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return LocalRequest(method: method, path: String(pieces[0]), query: query, headers: headers, body: Data(rest))
    }

    public static let container = "iCloud.com.example.app"
    public static let apiToken = "fuzz-api-token"
    public static let webAuthToken = "fuzz-web-token"

    /// A fresh local CloudKit for each input (so a finding replays alone), whose waits end at once (a long
    /// poll answers empty at once instead of holding the fuzzer).
    public static func cloudKit() -> LocalCloudKit {
        var configuration = LocalCloudKitConfiguration(
            containers: [container], apiTokens: [apiToken], webAuthTokens: [webAuthToken: "_fuzzer"],
            maximumBodyBytes: 1 << 20, seed: 1, now: { Date(timeIntervalSince1970: 1_700_000_000) })
        configuration.longPollTimeout = .zero
        configuration.wait = { _ in }
        return LocalCloudKit(configuration: configuration)
    }

    /// Why an answer is not CloudKit-shaped; nil when it is.
    public static func problem(with response: LocalResponse) -> String? {
        guard case let .reply(status, _, body) = response else { return "the connection was dropped with no fault injected" }
        if (200..<300).contains(status) { return nil }
        guard let error = try? WebServicesJSON.decodeErrorBody(body) else {
            return "status \(status) without a CloudKit error body: \(String(decoding: body.prefix(200), as: UTF8.self))"
        }
        let expected = WebServicesErrorMapping.httpStatus(of: error.serverErrorCode)
        return expected == status ? nil : "status \(status) for \(error.serverErrorCode), which CloudKit sends with \(expected)"
    }

    /// Runs one input through a fresh local CloudKit, then a second request (a change feed read) through the same
    /// one, so that whatever the first stored is read back; returns the first problem found.
    public static func check(_ data: Data) async -> String? {
        let emulator = cloudKit()
        let asked = request(from: data)
        if let problem = problem(with: await emulator.handle(asked)) { return "\(asked.method) \(asked.path): \(problem)" }
        let followUp = LocalRequest(
            method: "POST", path: "/database/1/\(container)/development/private/changes/database",
            query: ["ckAPIToken": apiToken, "ckWebAuthToken": webAuthToken], body: Data("{}".utf8))
        if let problem = problem(with: await emulator.handle(followUp)) { return "the follow-up changes/database: \(problem)" }
        return nil
    }
}
