import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync
import RecordKitTesting
import RecordKitWebServices
import Testing

/// Malformed, oversized and hostile requests are CloudKit-shaped errors, never a crash.
@Suite struct EmulatorBadInputTests {
    static let operations = [
        "records/modify", "records/lookup", "records/query", "changes/zone", "changes/database", "zones/list",
        "zones/modify", "assets/upload", "users/current", "subscriptions/modify", "subscriptions/list",
        "subscriptions/lookup", "no/such",
    ]

    func request(_ operation: String, _ body: Data) -> LocalRequest {
        LocalRequest(
            method: "POST", path: "/database/1/\(Emulator.container)/development/private/\(operation)",
            query: ["ckAPIToken": Emulator.apiToken, "ckWebAuthToken": "web-phone"], body: body)
    }

    /// Every answer is a 2xx with a body, or a CloudKit error body whose status is its code's.
    func expectCloudKitShaped(_ response: LocalResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if (200..<300).contains(response.status) { return }
        guard let error = try? WebServicesJSON.decodeErrorBody(response.body) else {
            Issue.record("\(what): status \(response.status) without a CloudKit error body", sourceLocation: sourceLocation)
            return
        }
        #expect(response.status == WebServicesErrorMapping.httpStatus(of: error.serverErrorCode), "\(what)", sourceLocation: sourceLocation)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func malformedBodiesAreBadRequests() async throws {
        let cloudKit = LocalCloudKit(configuration: Emulator.configuration())
        let bodies = [
            "{", "[]", "null", #"{"operations": 5}"#, #"{"operations":[{"operationType":"explode","record":{}}]}"#,
            #"{"records":[{"recordName":""}]}"#, #"{"zones":[{"zoneID":{"zoneName":""}}]}"#,
            #"{"zones":[{"zoneID":{"zoneName":"z"},"syncToken":"%%%"}]}"#, #"{"zones":[{"zoneID":{"zoneName":"z"},"resultsLimit":-3}]}"#,
            #"{"query":{"recordType":"T","filterBy":[{"fieldName":"a","comparator":"NEAR","fieldValue":{"value":1}}]}}"#,
            #"{"query":{"recordType":"T"},"continuationMarker":"bm90IGEgbnVtYmVy"}"#, "\u{0}\u{1}\u{2}",
        ]
        for operation in Self.operations {
            for body in bodies {
                let response = await cloudKit.handle(request(operation, Data(body.utf8)))
                expectCloudKitShaped(response, "\(operation) \(body)")
            }
        }
        let modify = await cloudKit.handle(request("records/modify", Data("{".utf8)))
        #expect(modify.status == 400)
        #expect(try WebServicesJSON.decodeErrorBody(modify.body).serverErrorCode == .badRequest)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func deepNestingAndRandomBytesNeverCrash() async throws {
        let cloudKit = LocalCloudKit(configuration: Emulator.configuration())
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let deepObject = Data((String(repeating: #"{"a":"#, count: 50_000) + "1" + String(repeating: "}", count: 50_000)).utf8)
        var generator = SeededGenerator(seed: 28)
        for operation in Self.operations {
            for body in [deep, deepObject] {
                expectCloudKitShaped(await cloudKit.handle(request(operation, body)), "\(operation) deep")
            }
            for _ in 0..<40 {
                let bytes = (0..<Int(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                expectCloudKitShaped(await cloudKit.handle(request(operation, Data(bytes))), "\(operation) random")
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func anOversizedBodyIsRefusedOverHTTP() async throws {
        try await Emulator.withServer(Emulator.configuration(maximumBodyBytes: 1_000)) { server in
            let database = Emulator.database(
                server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-phone"))
            var big = Record(recordType: "Task", id: RecordID(recordName: "big", zoneID: RecordZoneID(zoneName: "tasks")))
            big["title"] = .string(String(repeating: "x", count: 5_000))
            await #expect(throws: CloudError.invalidArguments("BAD_REQUEST: the request body is larger than 1000 bytes")) {
                _ = try await database.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(big)]))
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func anAtomicRequestInTheDefaultZoneIsRefusedAsCloudKitDoes() async throws {
        let cloudKit = LocalCloudKit(configuration: Emulator.configuration())
        let body = Data(#"{"atomic":true,"operations":[{"operationType":"create","record":{"recordName":"a","recordType":"T","fields":{}}}]}"#.utf8)
        let response = await cloudKit.handle(request("records/modify", body))
        #expect(response.status == 400)
        #expect(try WebServicesJSON.decodeErrorBody(response.body).reason == "atomic operations not supported in default zone")
    }
}
