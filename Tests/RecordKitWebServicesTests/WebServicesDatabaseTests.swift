import Foundation
import RecordKit
import RecordKitSync
import RecordKitWebServices
import Testing

/// The client's own rules, over a canned transport: token rotation, conflicts looked up, per-zone requests,
/// errors without secrets, network failures.
@Suite struct WebServicesDatabaseTests {
    let zone = RecordZoneID(zoneName: "tasks")

    func record(_ name: String, tag: String? = nil, title: String = "t") -> Record {
        var record = Record(recordType: "Task", id: RecordID(recordName: name, zoneID: zone), system: SystemFields(changeTag: tag))
        record["title"] = .string(title)
        return record
    }

    func json(_ text: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> WebServicesHTTPResponse {
        WebServicesHTTPResponse(status: status, headers: headers, body: Data(text.utf8))
    }

    @Test func theRotatedWebAuthTokenIsSentNext() async throws {
        let transport = StubTransport([
            json(#"{"userRecordName":"_u1"}"#, headers: [(WebServicesCredentials.rotatedWebAuthTokenHeader, "web-secret-2")]),
            json(#"{"userRecordName":"_u1"}"#),
        ])
        let database = stubDatabase(transport)
        #expect(try await database.currentUserRecordName() == "_u1")
        #expect(await database.currentWebAuthToken == "web-secret-2")
        _ = try await database.currentUserRecordName()
        let urls = await transport.requests.map(\.url.absoluteString)
        #expect(urls[0].hasSuffix("/database/1/iCloud.com.example.app/development/private/users/current?ckAPIToken=api-secret-1&ckWebAuthToken=web-secret-1"))
        #expect(urls[1].hasSuffix("ckWebAuthToken=web-secret-2"))
    }

    @Test func aConflictCarriesTheServersRecordLookedUp() async throws {
        let server = record("r1", tag: "s9", title: "server")
        let serverJSON = String(decoding: try WebServicesJSON.encodeRecord(server), as: UTF8.self)
        let transport = StubTransport([
            json(#"{"records":[{"recordName":"r1","reason":"tag","serverErrorCode":"CONFLICT"}]}"#),
            json(#"{"records":[\#(serverJSON)]}"#),
        ])
        let client = record("r1", tag: "s1", title: "client")
        let result = try await stubDatabase(transport).modifyRecords(ModifyRecordsRequest(saves: [RecordSave(client)]))
        #expect(result.saves.first?.result == .failure(.serverRecordChanged(serverRecord: server, clientRecord: client)))
        let bodies = await transport.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies[0].contains(#""operationType":"update""#))
        #expect(bodies[0].contains(#""atomic":true"#))
        #expect(bodies[1].contains(#""recordName":"r1""#))
    }

    @Test func savesOfTwoZonesGoInOneRequestPerZoneAndTheDefaultZoneIsNeverAtomic() async throws {
        var other = record("d1")
        other.id = RecordID(recordName: "d1")
        let transport = StubTransport([
            json(#"{"records":[{"recordName":"r1","recordType":"Task","recordChangeTag":"a","zoneID":{"zoneName":"tasks"}}]}"#),
            json(#"{"records":[{"recordName":"d1","recordType":"Task","recordChangeTag":"b"}]}"#),
        ])
        let result = try await stubDatabase(transport).modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record("r1")), RecordSave(other)]))
        #expect(result.itemErrors.isEmpty)
        #expect(result.saves.map { (try? $0.result.get())?.system.changeTag } == ["a", "b"])
        let bodies = await transport.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies.count == 2)
        #expect(bodies[0].contains(#""atomic":true"#) && bodies[0].contains(#""operationType":"create""#))
        #expect(bodies[1].contains(#""atomic":false"#))
    }

    @Test func aRemovedFieldReplacesTheWholeRecordUnderTheTagCheck() async throws {
        let transport = StubTransport([json(#"{"records":[{"recordName":"r1","recordType":"Task","recordChangeTag":"c","zoneID":{"zoneName":"tasks"}}]}"#)])
        var edited = record("r1", tag: "s1")
        edited["title"] = nil
        _ = try await stubDatabase(transport).modifyRecords(ModifyRecordsRequest(saves: [RecordSave(edited, changedKeys: ["title"])]))
        let body = await transport.requests.first.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        #expect(body.contains(#""operationType":"replace""#))
    }

    @Test func requestErrorsNameNoSecret() async throws {
        let transport = StubTransport([json(#"{"serverErrorCode":"THROTTLED","retryAfter":4,"reason":"slow down"}"#, status: 429)])
        await #expect(throws: CloudError.requestRateLimited(retryAfter: 4)) {
            _ = try await stubDatabase(transport).fetchZoneChanges(zone, since: nil)
        }
        let failing = StubTransport([json("<html>bad gateway</html>", status: 502)])
        do {
            _ = try await stubDatabase(failing).fetchDatabaseChanges(since: nil)
            Issue.record("a 502 did not fail")
        } catch {
            #expect(error == .serviceUnavailable(retryAfter: nil))
            #expect(!"\(error)".contains("secret"))
        }
    }

    @Test func aRefusedConnectionIsARetryableNetworkFailure() async throws {
        // Port 9 (discard) on loopback has no listener here: the connection is refused (AsyncHTTPClient tries
        // again until the request's deadline, one second).
        let endpoint = WebServicesEndpoint(
            service: URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/"), container: "iCloud.com.example.app",
            environment: .development, database: .private)
        let database = WebServicesDatabase(
            endpoint: endpoint, credentials: .webAuth(apiToken: "api-secret", webAuthToken: "web-secret"),
            transport: HTTPClientTransport(timeout: .seconds(1)))
        do {
            _ = try await database.fetchDatabaseChanges(since: nil)
            Issue.record("nothing listens on port 9, yet the request succeeded")
        } catch {
            #expect(error == .networkFailure)
            #expect(error.isTransient)
        }
    }
}
