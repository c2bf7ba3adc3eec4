import Foundation
import Testing
@testable import RecordKit

/// CloudyKit's hand-written mocks, with their Swift interpolations replaced by plausible values.
@Suite(.enabled(if: ConformanceFiles.isPresent, "needs ../shared/conformance/ckws"))
struct CloudyKitMockConformanceTests {
    static let recordName = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let referencedName = "D27CC4CB-CC49-4710-9370-418A0E97D71C"

    @Test func saveNewRecordWithEveryValueKind() throws {
        let response = try WebServicesJSON.decodeRecordsResponse(ConformanceFiles.mock("testSaveNewRecord__response"))
        let record = try #require(response.records.first)
        #expect(record.id == RecordID(recordName: Self.recordName))
        #expect(record.recordType == "Users")
        #expect(record.system.changeTag == ConformanceFiles.uuid)
        #expect(wholeMilliseconds(record.system.creationDate) == ConformanceFiles.nowMilliseconds)
        #expect(record["firstName"] == .string("Mei"))
        #expect(record["lastName"] == .string("Chen"))
        #expect(record["width"] == .int64(18))
        #expect(record["height"] == .int64(24))
        #expect(record["bytes"] == .bytes(Data([0, 1, 2, 3, 4])))
        #expect(record["bytesList"] == .list(.bytes([Data([0, 1, 2, 3, 4])])))
        #expect(record["double"] == .double(1.234))
        #expect(record["stringsList"] == .list(.string(["foo", "bar"])))
        // No type and no zone: a reference, into the record's own zone.
        #expect(record["reference"] == .reference(Reference(recordID: RecordID(recordName: Self.referencedName))))
        let otherZone = RecordZoneID(zoneName: "_defaultZone", ownerName: "_defaultOwner")
        let listed = Reference(recordID: RecordID(recordName: Self.referencedName, zoneID: otherZone))
        #expect(record["referenceList"] == .list(.reference([listed, listed])))
        #expect(record["dateTime"] == .timestamp(millisecondsDate(1_609_034_460_447)))
        try RoundTrip.checkResponse(response)
    }

    @Test func zeroDoubleAndAssets() throws {
        let zero = try WebServicesJSON.decodeRecordsResponse(ConformanceFiles.mock("testSaveNewRecordWithZeroDouble__response"))
        #expect(zero.records.first?["double"] == .double(0))

        let expectedAsset = try Asset(fileChecksum: "file-checksum-1", size: 123,
                                      downloadURL: "https://s3.apple.com/profilePhoto/${f}")
        let single = try WebServicesJSON.decodeRecordsResponse(ConformanceFiles.mock("testSaveNewRecordWithAsset__recordResponse"))
        #expect(single.records.first?["profilePhoto"] == .asset(expectedAsset))
        let list = try WebServicesJSON.decodeRecordsResponse(ConformanceFiles.mock("testSaveNewRecordWithAssetList__recordResponse"))
        #expect(list.records.first?["profilePhotos"] == .list(.asset([expectedAsset])))
        try RoundTrip.checkResponse(single)
        try RoundTrip.checkResponse(list)
    }

    @Test func assetUploadAnswers() throws {
        let upload = try WebServicesJSON.contents(of: ConformanceFiles.mock("testSaveNewRecordWithAsset__assetUploadDataResponse"))
        let asset = try Asset(fileChecksum: "file-checksum-1", size: 123, referenceChecksum: "reference-checksum-1",
                              wrappingKey: "wrapping-key-1", receipt: "receipt-1")
        #expect(upload == .assetUpload(asset))
        let tokens = try WebServicesJSON.contents(of: ConformanceFiles.mock("testSaveNewRecordWithAssetList__assetTokenResponse"))
        #expect(tokens == .assetUploadTokens([AssetUploadToken(recordName: ConformanceFiles.uuid, fieldName: "profilePhotos",
                                                                url: "https://s3.apple.com/profilePhoto")]))
    }

    /// The mock has a trailing comma, which JSON does not allow: refused with its place; without it, an empty list.
    @Test func emptyStringArrayMockHasATrailingComma() throws {
        let data = try ConformanceFiles.mock("testSaveNewRecordWithEmptyStringArray__response")
        let error = try #require(throws: WebServicesError.self) { try WebServicesJSON.decodeRecordsResponse(data) }
        #expect(error.reason == .syntax(expected: "a member name in quotes", found: "'}'"))
        #expect(error.path == [.key("records"), .index(0), .key("fields")])
        #expect(error.line == 12)

        let fixed = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"STRING_LIST\"},", with: "\"STRING_LIST\"}")
        let response = try WebServicesJSON.decodeRecordsResponse(Data(fixed.utf8))
        #expect(response.records.first?["stringsList"] == .list(.string([])))
    }

    @Test(arguments: ["testFetchRecord__response", "testQueryRecords__response", "testEnvironment__response"])
    func fetchedUsers(name: String) throws {
        let record = try #require(WebServicesJSON.decodeRecordsResponse(ConformanceFiles.mock(name)).records.first)
        #expect(record.recordType == "Users")
        #expect(record.fields == ["firstName": .string("Mei"), "lastName": .string("Chen"), "width": .int64(18), "height": .int64(24)])
        try RoundTrip.checkRecord(record)
    }

    @Test func deleteResultAndPerRecordError() throws {
        let deleted = try WebServicesJSON.decodeRecordsResponse(ConformanceFiles.mock("testDeleteRecord__response"))
        #expect(deleted.results == [.deleted(RecordID(recordName: Self.recordName))])
        let notFound = try WebServicesJSON.decodeRecordsResponse(ConformanceFiles.mock("testNotFoundError__response"))
        #expect(notFound.results == [.error(WebServicesServerError(serverErrorCode: .notFound, reason: "Record not found",
                                                                   recordName: Self.recordName))])
        try RoundTrip.checkResponse(deleted)
        try RoundTrip.checkResponse(notFound)
    }

    @Test(arguments: [
        ("testCouldNotDecodeError__response", "could not decode asset object"),
        ("testNoRecordChangeTagError__response", "BadRequestException: missing required field 'recordChangeTag'"),
        ("testQueriedFieldIsNotQueryableError__response", "Field 'productID' is not marked queryable"),
        ("testQueriedTypeIsNotIndexableError__response", "Queried type is not marked indexable"),
    ])
    func badRequestBodies(name: String, reason: String) throws {
        let error = try WebServicesJSON.decodeErrorBody(ConformanceFiles.mock(name))
        #expect(error == WebServicesServerError(serverErrorCode: .badRequest, reason: reason, uuid: ConformanceFiles.uuid))
    }

    /// Every mock but the one with a trailing comma is recognised and round-trips.
    @Test func everyMockIsRecognised() throws {
        let names = try ConformanceFiles.files(in: "cloudykit_mocks").filter { $0.hasSuffix(".json.swifttemplate") }
        #expect(names.count == 18)
        for path in names where !path.contains("EmptyStringArray") {
            let name = String(path.dropFirst("cloudykit_mocks/".count).dropLast(".json.swifttemplate".count))
            let data = try ConformanceFiles.mock(name)
            #expect(!String(decoding: data, as: UTF8.self).contains("\\("), "placeholder left in \(name)")
            try RoundTrip.check(WebServicesJSON.contents(of: data))
        }
    }
}
