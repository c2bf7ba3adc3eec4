import Foundation
import Testing
@testable import RecordKit

/// Real iCloud Photos traffic (icloudpd's cassettes): every file decodes to the values in its JSON.
@Suite(.enabled(if: ConformanceFiles.isPresent, "needs ../shared/conformance/ckws"))
struct IcloudpdConformanceTests {
    static let primaryOwner = "_bfc6dbbcc77b03e6cebefd28a28f7e2f"
    static let albumOwner = "_ab776cbd7a4be817e6258511022b3e3c"

    @Test func checkIndexingStateQueryResponse() throws {
        let data = try ConformanceFiles.data("icloudpd/listing_albums__01_private_records_query.response.json")
        let response = try WebServicesJSON.decodeRecordsResponse(data)
        #expect(response.results.count == 1)
        let record = try #require(response.records.first)
        #expect(record.id.recordName == "_ac333066-5d55-4c42-b033-f05bb9d2873c")
        #expect(record.recordType == "CheckIndexingState")
        #expect(record.id.zoneID == RecordZoneID(zoneName: "PrimarySync", ownerName: Self.primaryOwner))
        #expect(record["progress"] == .int64(100))
        #expect(record["state"] == .string("FINISHED"))
        #expect(record.system.changeTag == "0")
        #expect(wholeMilliseconds(record.system.creationDate) == 1_533_040_623_320)
        #expect(wholeMilliseconds(record.system.modificationDate) == 1_533_040_623_320)
        #expect(record.system.creatorUserRecordName == "_10")
        #expect(record.system.lastModifiedUserRecordName == "_10")
        #expect(record.system.modifiedByDevice == "1")
        let token = try #require(response.syncToken)
        #expect(token.data.base64EncodedString() == "AQAAAAAAAwmVf//////////Kd+LphRdKGbpJMSeRX5Td")
        #expect(token.data.count == 33)
        #expect(try WebServicesJSON.contents(of: data).summary == "records response: 1 records, 0 deleted, 0 errors, syncToken 33 bytes")
    }

    @Test func albumsWithEncryptedNamesAndTimestamps() throws {
        let data = try ConformanceFiles.data("icloudpd/listing_albums__06_private_records_query.response.json")
        let response = try WebServicesJSON.decodeRecordsResponse(data)
        #expect(response.records.count == 17)
        #expect(response.errors.isEmpty)
        let root = response.records[0]
        #expect(root.id.recordName == "----Root-Folder----")
        #expect(root.recordType == "CPLAlbum")
        #expect(root.system.changeTag == "34sz")
        #expect(root["albumType"] == .int64(3))
        #expect(root["recordModificationDate"] == .timestamp(millisecondsDate(1_545_202_692_118)))
        #expect(wholeMilliseconds(root.system.creationDate) == 1_428_692_188_711)
        #expect(wholeMilliseconds(root.system.modificationDate) == 1_545_202_694_700)
        #expect(root.system.modifiedByDevice == "F9E7401705D29E8C0239EDC0E383B5570BE8136C36083C45EFC90BB702978DCB")
        #expect(root.encryptedFields.isEmpty)

        let album = response.records[1]
        #expect(album.id == RecordID(recordName: "2076BCB0-C481-4175-8F14-7A0E8EFAF02B",
                                     zoneID: RecordZoneID(zoneName: "PrimarySync", ownerName: Self.albumOwner)))
        #expect(album.encryptedFields["albumNameEnc"] == .bytes(Data("Bilderrahmen".utf8)))
        #expect(album.fields["albumNameEnc"] == nil)
        #expect(album["position"] == .int64(654))
        if case let .timestamp(date) = album["recordModificationDate"] {
            #expect(wholeMilliseconds(date) == 1_555_410_486_949)
        } else {
            Issue.record("recordModificationDate is not a timestamp")
        }
        #expect(response.records[3].encryptedFields["albumNameEnc"] == .bytes(Data("Ferienhaus".utf8)))
        #expect(response.syncToken?.data.base64EncodedString() == "AQAAAAAAAl1ef/////////+Yc23JwndEs5IcW5R32T2B")
    }

    @Test func zonesList() throws {
        let data = try ConformanceFiles.data("icloudpd/listing_albums__04_shared_zones_list.response.json")
        let response = try WebServicesJSON.decodeZonesResponse(data)
        #expect(response.zones == [ZoneInfo(zoneID: RecordZoneID(zoneName: "SharedSync-00000000-1111-2222-3333-444444444444",
                                                                  ownerName: Self.primaryOwner),
                                            zoneType: "REGULAR_CUSTOM_ZONE")])
        #expect(response.moreComing == false)
        #expect(response.syncToken?.data.base64EncodedString() == "AQAAAAAAAwmVf//////////Kd+LphRdKGbpJMSeRX5Td")
    }

    @Test func batchQueryResponse() throws {
        let data = try ConformanceFiles.data("icloudpd/listing_photos__07_private_internal_records_query_batch.response.json")
        guard case let .batchResponse(pages) = try WebServicesJSON.contents(of: data) else {
            Issue.record("not recognised as a batch response")
            return
        }
        let record = try #require(pages.first?.records.first)
        #expect(pages.count == 1)
        #expect(record.id.recordName == "CPLAssetByAddedDate")
        #expect(record.recordType == "IndexCountResult")
        #expect(record["itemCount"] == .int64(33161))
        #expect(wholeMilliseconds(record.system.creationDate) == 1_533_040_624_614)
    }

    @Test func queryRequests() throws {
        let single = try WebServicesJSON.contents(of: ConformanceFiles.data("icloudpd/listing_albums__06_private_records_query.request.json"))
        #expect(single == .queryRequest([QueryRequest(recordType: "CPLAlbumByPositionLive",
                                                      zoneID: RecordZoneID(zoneName: "PrimarySync"), filters: [], resultsLimit: nil)]))
        let batch = try WebServicesJSON.contents(of: ConformanceFiles.data("icloudpd/listing_photos__08_shared_internal_records_query_batch.request.json"))
        let filter = QueryRequest.Filter(fieldName: "indexCountID", comparator: "IN", fieldValue: .list(.string(["CPLAssetByAddedDate"])))
        #expect(batch == .queryRequest([QueryRequest(recordType: "HyperionIndexCountLookup",
                                                     zoneID: RecordZoneID(zoneName: "SharedSync-00000000-1111-2222-3333-444444444444"),
                                                     filters: [filter], resultsLimit: 1)]))
        let empty = try WebServicesJSON.contents(of: ConformanceFiles.data("icloudpd/listing_photos__03_private_zones_list.request.json"))
        #expect(empty == .empty)
    }

    /// Every file is recognised, and what holds records survives encoding and decoding again unchanged.
    @Test(arguments: try ConformanceFiles.files(in: "icloudpd").filter { $0.hasSuffix(".json") })
    func everyFileDecodesAndRoundTrips(path: String) throws {
        let contents = try WebServicesJSON.contents(of: ConformanceFiles.data(path))
        if path.hasSuffix(".response.json") {
            switch contents {
            case .recordsResponse, .zonesResponse, .batchResponse: break
            default: Issue.record("\(path) decoded as \(contents)")
            }
        }
        try RoundTrip.check(contents)
    }
}
