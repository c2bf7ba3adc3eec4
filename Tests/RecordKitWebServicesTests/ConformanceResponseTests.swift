import Foundation
import RecordKit
import RecordKitSync
import RecordKitWebServices
import Testing

/// Finds the real Web Services traffic in `<repo root>/../shared/conformance/ckws`, from this file's path.
enum CKWSFiles {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/conformance/ckws").standardizedFileURL
    static var available: Bool { FileManager.default.fileExists(atPath: root.path) }

    static func files(_ folder: String, suffix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(suffix) }.sorted { $0.path < $1.path }
    }
}

/// The real responses, decoded through the client's response path (a transport answering with their bytes).
@Suite(.enabled(if: CKWSFiles.available, "needs ../shared/conformance/ckws"))
struct ConformanceResponseTests {
    @Test func everyRecordsQueryResponseDecodesThroughTheQueryPath() async throws {
        let files = try CKWSFiles.files("icloudpd", suffix: "records_query.response.json")
        #expect(files.count >= 6)
        for file in files {
            let body = try Data(contentsOf: file)
            let database = stubDatabase(StubTransport([WebServicesHTTPResponse(status: 200, body: body)]))
            let page = try await database.query(QueryRequest(recordType: "CPLAssetAndMasterByAddedDate"))
            let expected = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            let entries = expected?["records"] as? [[String: Any]] ?? []
            #expect(page.records.count == entries.filter { $0["recordType"] != nil && $0["serverErrorCode"] == nil }.count, "\(file.lastPathComponent)")
            #expect(page.records.map(\.id.recordName) == entries.compactMap { $0["recordType"] == nil ? nil : $0["recordName"] as? String }, "\(file.lastPathComponent)")
            #expect(page.continuationMarker == expected?["continuationMarker"] as? String, "\(file.lastPathComponent)")
        }
    }

    @Test func everyZonesListResponseDecodesThroughTheZonesPath() async throws {
        let files = try CKWSFiles.files("icloudpd", suffix: "zones_list.response.json")
        #expect(files.count >= 4)
        for file in files {
            let body = try Data(contentsOf: file)
            let database = stubDatabase(StubTransport([WebServicesHTTPResponse(status: 200, body: body)]))
            let zones = try await database.listZones()
            let expected = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["zones"] as? [[String: Any]] ?? []
            #expect(zones.map(\.id.zoneName) == expected.compactMap { ($0["zoneID"] as? [String: Any])?["zoneName"] as? String })
            #expect(!zones.isEmpty)
        }
    }

    @Test func observedErrorBodiesBecomeTheSimulatorsErrors() async throws {
        let cases: [(file: String, status: Int, expected: (CloudError) -> Bool)] = [
            ("observed_errors/AUTHENTICATION_FAILED_401.json", 401, {
                if case .other(WebServicesErrorMapping.CKErrorCode.notAuthenticated, _) = $0 { true } else { false }
            }),
            ("observed_errors/ZONE_NOT_FOUND_404.json", 404, { $0 == .zoneNotFound(RecordZoneID(zoneName: "missing")) }),
            ("observed_errors/BAD_REQUEST_atomic_default_zone.json", 400, {
                if case let .invalidArguments(reason) = $0 { reason.contains("atomic operations not supported") } else { false }
            }),
            ("apple_docs/error_AUTHENTICATION_REQUIRED.json", 421, {
                if case let .other(WebServicesErrorMapping.CKErrorCode.notAuthenticated, reason) = $0 {
                    reason.contains("AUTHENTICATION_REQUIRED") && reason.contains("[redirect URL]")
                } else { false }
            }),
        ]
        for entry in cases {
            let body = try Data(contentsOf: CKWSFiles.root.appendingPathComponent(entry.file))
            let database = stubDatabase(StubTransport([WebServicesHTTPResponse(status: entry.status, body: body)]))
            do {
                _ = try await database.fetchZoneChanges(RecordZoneID(zoneName: "missing"), since: nil)
                Issue.record("\(entry.file) did not fail the request")
            } catch {
                #expect(entry.expected(error), "\(entry.file): \(error)")
            }
        }
    }
}
