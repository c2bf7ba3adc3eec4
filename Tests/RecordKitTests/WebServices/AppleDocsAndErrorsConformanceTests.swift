import Foundation
import Testing
@testable import RecordKit

/// Apple's documentation examples and error bodies observed from the live service.
@Suite(.enabled(if: ConformanceFiles.isPresent, "needs ../shared/conformance/ckws"))
struct AppleDocsAndErrorsConformanceTests {
    @Test func createArtist() throws {
        let request = try WebServicesJSON.decodeModifyRequest(ConformanceFiles.data("apple_docs/modify_create_Artist.fixed.json"))
        #expect(request.operations.count == 1)
        let operation = try #require(request.operations.first)
        #expect(operation.kind == .create)
        #expect(operation.record.recordType == "Artist")
        #expect(operation.record.id == RecordID(recordName: "Mei Chen"))
        #expect(operation.record.fields == ["firstName": .string("Mei"), "lastName": .string("Chen")])
        #expect(request.atomic == nil)
        #expect(request.zoneID == nil)
        try RoundTrip.check(.modifyRequest(request))
    }

    @Test func updateArtworkWithChangeTag() throws {
        let request = try WebServicesJSON.decodeModifyRequest(ConformanceFiles.data("apple_docs/modify_update_Artwork.fixed.json"))
        let operation = try #require(request.operations.first)
        #expect(operation.kind == .update)
        #expect(operation.record.id.recordName == "101")
        #expect(operation.record.recordType == "")
        #expect(operation.record.system.changeTag == "e")
        #expect(operation.record.fields == ["width": .int64(18), "height": .int64(24)])
        try RoundTrip.check(.modifyRequest(request))
    }

    @Test func createShareAndShortGUIDInCustomZone() throws {
        let zone = RecordZoneID(zoneName: "myCustomZone")
        let share = try WebServicesJSON.decodeModifyRequest(ConformanceFiles.data("apple_docs/modify_create_share.json"))
        #expect(share.zoneID == zone)
        #expect(share.operations.first?.kind == .create)
        #expect(share.operations.first?.record.recordType == "cloudKit.share")
        #expect(share.operations.first?.record.id.zoneID == zone)
        #expect(share.operations.first?.record.fields.isEmpty == true)

        let guid = try WebServicesJSON.contents(of: ConformanceFiles.data("apple_docs/modify_create_shortGUID.json"))
        let expected = ModifyRequest(operations: [RecordOperation(.create, record: Record(recordType: "myType",
                                                                                          id: RecordID(recordName: "RecordA", zoneID: zone)))],
                                     zoneID: zone)
        #expect(guid == .modifyRequest(expected))
        try RoundTrip.check(guid)
    }

    /// Apple's printed examples are not JSON: the error says where (the missing comma before "recordName").
    @Test(arguments: [("apple_docs/modify_create_Artist.as-printed.txt", 9), ("apple_docs/modify_update_Artwork.as-printed.txt", 8)])
    func asPrintedExamplesAreRejectedWithTheirPosition(path: String, line: Int) throws {
        let data = try ConformanceFiles.data(path)
        let error = try #require(throws: WebServicesError.self) { try WebServicesJSON.contents(of: data) }
        #expect(error.reason == .syntax(expected: "',' or '}'", found: "'\"'"))
        #expect(error.line == line)
        #expect(error.column == 2)
        #expect(error.path == [.key("record")])
    }

    @Test func authenticationRequiredBody() throws {
        let error = try WebServicesJSON.decodeErrorBody(ConformanceFiles.data("apple_docs/error_AUTHENTICATION_REQUIRED.json"))
        #expect(error.serverErrorCode == .authenticationRequired)
        #expect(error.uuid == "4f02f7aa-fbb5-4cf8ae8e-4dd463793841")
        #expect(error.reason == "request needs authorization")
        #expect(error.redirectURL == "[redirect URL]")
        #expect(error.retryAfter == nil)
        try RoundTrip.check(.errorBody(error))
    }

    @Test(arguments: [
        ("observed_errors/AUTHENTICATION_FAILED_401.json", ServerErrorCode.authenticationFailed, "Authentication failed"),
        ("observed_errors/BAD_REQUEST_atomic_default_zone.json", .badRequest, "atomic operations not supported in default zone"),
        ("observed_errors/ZONE_NOT_FOUND_404.json", .zoneNotFound, "Zone does not exist"),
    ])
    func observedErrorBodies(path: String, code: ServerErrorCode, reason: String) throws {
        let contents = try WebServicesJSON.contents(of: ConformanceFiles.data(path))
        #expect(contents == .errorBody(WebServicesServerError(serverErrorCode: code, reason: reason)))
        try RoundTrip.check(contents)
    }

    /// Every JSON file in apple_docs and observed_errors is recognised.
    @Test func everyJSONFileIsRecognised() throws {
        let paths = try ConformanceFiles.files(in: "apple_docs") + ConformanceFiles.files(in: "observed_errors")
        let json = paths.filter { $0.hasSuffix(".json") }
        #expect(json.count == 8)
        for path in json {
            let contents = try WebServicesJSON.contents(of: ConformanceFiles.data(path))
            try RoundTrip.check(contents)
        }
    }
}
