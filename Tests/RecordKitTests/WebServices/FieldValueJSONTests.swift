import Foundation
import Testing
@testable import RecordKit

/// Field values of every type, declared or inferred, in both directions.
@Suite struct FieldValueJSONTests {
    static let zone = RecordZoneID(zoneName: "Notes", ownerName: "_owner")
    static let otherZone = RecordZoneID(zoneName: "Other")

    /// One record holding every kind of value, as a scalar and as a list.
    static func everyKindRecord() throws -> Record {
        let asset = try Asset(fileChecksum: "ck", size: 42, referenceChecksum: "rc", wrappingKey: "wk", receipt: "rx",
                              downloadURL: "https://example.com/${f}")
        let sparse = try Location(latitude: 52.52, longitude: 13.405)
        let full = try Location(latitude: -33.86, longitude: 151.2, altitude: 12.5, horizontalAccuracy: 5,
                                verticalAccuracy: 3, speed: 1.25, course: 270, timestamp: millisecondsDate(1_609_034_460_447))
        let local = Reference(recordID: RecordID(recordName: "folder", zoneID: zone), action: .deleteSelf)
        let remote = Reference(recordID: RecordID(recordName: "elsewhere", zoneID: otherZone), action: .validate)
        return Record(
            recordType: "Note",
            id: RecordID(recordName: "note-1", zoneID: zone),
            fields: [
                "title": .string("Hello \"world\"\n\u{1}é😀"),
                "count": .int64(.min),
                "rating": .double(-0.0),
                "ratio": .double(1e-300),
                "due": .timestamp(millisecondsDate(-1)),
                "blob": .bytes(Data([0, 255, 128])),
                "file": .asset(asset),
                "folder": .reference(local),
                "place": .location(sparse),
                "tags": .list(.string(["a", "b"])),
                "counts": .list(.int64([1, -2])),
                "ratings": .list(.double([0.5, 2])),
                "dates": .list(.timestamp([millisecondsDate(0), millisecondsDate(253_402_300_799_999)])),
                "blobs": .list(.bytes([Data(), Data([1])])),
                "files": .list(.asset([asset])),
                "links": .list(.reference([local, remote])),
                "places": .list(.location([sparse, full])),
                "empty": .list(.int64([])),
            ],
            encryptedFields: ["secret": .bytes(Data("Bilderrahmen".utf8))],
            system: SystemFields(changeTag: "3aab", creationDate: millisecondsDate(1_555_410_487_696), creatorUserRecordName: "_creator",
                                 modificationDate: millisecondsDate(1_555_410_487_697), lastModifiedUserRecordName: "_modifier",
                                 modifiedByDevice: "device", parent: local, share: remote)
        )
    }

    @Test func everyKindRoundTripsWithItsTypeName() throws {
        let record = try Self.everyKindRecord()
        let data = try WebServicesJSON.encodeRecord(record)
        let text = String(decoding: data, as: UTF8.self)
        #expect(try WebServicesJSON.decodeRecord(data) == record)
        for type in ["STRING", "INT64", "DOUBLE", "TIMESTAMP", "BYTES", "ASSETID", "REFERENCE", "LOCATION", "ENCRYPTED_BYTES",
                     "STRING_LIST", "INT64_LIST", "DOUBLE_LIST", "TIMESTAMP_LIST", "BYTES_LIST", "ASSETID_LIST",
                     "REFERENCE_LIST", "LOCATION_LIST"] {
            #expect(text.contains("\"type\":\"\(type)\""), "\(type)")
        }
        // Compact, sorted, minimal escaping; the record's own zone is not repeated in references to it.
        #expect(text.contains(#""title":{"type":"STRING","value":"Hello \"world\"\n\u0001é😀"}"#))
        #expect(text.contains(#""folder":{"type":"REFERENCE","value":{"action":"DELETE_SELF","recordName":"folder"}}"#))
        #expect(text.contains(#""due":{"type":"TIMESTAMP","value":-1}"#))
        #expect(text.contains(#""place":{"type":"LOCATION","value":{"latitude":52.52,"longitude":13.405}}"#))
        #expect(text.hasSuffix(#""zoneID":{"ownerRecordName":"_owner","zoneName":"Notes"}}"#))
        #expect(!text.contains("\": ") && !text.contains(", "))
    }

    @Test func timestampsKeepEveryMillisecond() throws {
        for ms: Int64 in [0, 1, -1, 999, 1_533_040_623_320, 1_609_034_460_447, 253_402_300_799_999, -62_135_596_800_000] {
            let json = #"{"recordName":"r","recordType":"T","fields":{"t":{"value":\#(ms),"type":"TIMESTAMP"}},"created":{"timestamp":\#(ms)}}"#
            let record = try WebServicesJSON.decodeRecord(Data(json.utf8))
            guard case let .timestamp(date) = record["t"] else {
                Issue.record("not a timestamp")
                continue
            }
            #expect(milliseconds(of: date) == ms)
            #expect(wholeMilliseconds(record.system.creationDate) == ms)
            let again = try WebServicesJSON.decodeRecord(WebServicesJSON.encodeRecord(record))
            #expect(again == record)
        }
        // A date between milliseconds is written as the nearest one.
        #expect(milliseconds(of: Date(timeIntervalSince1970: 1.0006)) == 1001)
    }

    @Test func valueMayComeBeforeOrAfterType() throws {
        let before = #"{"recordName":"r","recordType":"T","fields":{"d":{"type":"TIMESTAMP","value":1000},"l":{"type":"DOUBLE_LIST","value":[1,2.5]}}}"#
        let after = #"{"recordName":"r","recordType":"T","fields":{"d":{"value":1000,"type":"TIMESTAMP"},"l":{"value":[1,2.5],"type":"DOUBLE_LIST"}}}"#
        let first = try WebServicesJSON.decodeRecord(Data(before.utf8))
        #expect(first == (try WebServicesJSON.decodeRecord(Data(after.utf8))))
        #expect(first["d"] == .timestamp(millisecondsDate(1000)))
        #expect(first["l"] == .list(.double([1, 2.5])))
    }

    @Test func assetAndAssetIDAreBothAssets() throws {
        for type in ["ASSET", "ASSETID"] {
            let json = #"{"recordName":"r","recordType":"T","fields":{"a":{"value":{"receipt":"x","size":3},"type":"\#(type)"}}}"#
            #expect(try WebServicesJSON.decodeRecord(Data(json.utf8))["a"] == .asset(try Asset(size: 3, receipt: "x")))
        }
    }

    static func inferenceCases() throws -> [(String, FieldValue)] {
        [
            (#""text""#, .string("text")),
            ("42", .int64(42)),
            ("4.5", .double(4.5)),
            ("1e2", .double(100)),
            (#"{"recordName":"x","action":"VALIDATE"}"#, .reference(Reference(recordID: RecordID(recordName: "x", zoneID: zone), action: .validate))),
            (#"{"latitude":1,"longitude":2}"#, .location(try Location(latitude: 1, longitude: 2))),
            (#"{"downloadURL":"u"}"#, .asset(try Asset(downloadURL: "u"))),
            (#"["a","b"]"#, .list(.string(["a", "b"]))),
            ("[1,2]", .list(.int64([1, 2]))),
            ("[1,2.5]", .list(.double([1, 2.5]))),
            (#"[{"recordName":"x"}]"#, .list(.reference([Reference(recordID: RecordID(recordName: "x", zoneID: zone))]))),
        ]
    }

    @Test func typeIsInferredWhenUnambiguous() throws {
        for (value, expected) in try Self.inferenceCases() {
            let json = #"{"recordName":"r","recordType":"T","fields":{"f":{"value":\#(value)}},"zoneID":{"zoneName":"Notes","ownerRecordName":"_owner"}}"#
            #expect(try WebServicesJSON.decodeRecord(Data(json.utf8))["f"] == expected, "\(value)")
        }
    }

    @Test(arguments: ["true", "null", "[]", #"{"foo":1}"#, "[true]"])
    func ambiguousValuesNeedTheirType(value: String) {
        let json = #"{"recordName":"r","recordType":"T","fields":{"f":{"value":\#(value)}}}"#
        #expect {
            try WebServicesJSON.decodeRecord(Data(json.utf8))
        } throws: { error in
            guard let error = error as? WebServicesError, case .ambiguousFieldType = error.reason else { return false }
            return error.pathDescription == "fields.f.value" || error.pathDescription == "fields.f.value[0]"
        }
    }

    @Test func unknownListTypeInfersItsElements() throws {
        let json = #"{"recordName":"r","recordType":"T","fields":{"e":{"value":[],"type":"UNKNOWN_LIST"},"n":{"value":[3],"type":"UNKNOWN_LIST"}}}"#
        let record = try WebServicesJSON.decodeRecord(Data(json.utf8))
        #expect(record["e"] == .list(.string([])))
        #expect(record["n"] == .list(.int64([3])))
    }

    @Test func errorsNameThePathAndOffset() throws {
        var records: [String] = []
        for index in 0..<4 {
            let title = index == 3 ? "5" : "\"t\(index)\""
            records.append(#"{"recordName":"r\#(index)","recordType":"Note","fields":{"title":{"value":\#(title),"type":"STRING"}}}"#)
        }
        let json = #"{"records":["# + records.joined(separator: ",") + "]}"
        let error = try #require(throws: WebServicesError.self) { try WebServicesJSON.decodeRecordsResponse(Data(json.utf8)) }
        #expect(error.pathDescription == "records[3].fields.title.value")
        #expect(error.reason == .typeMismatch(expected: "a string", found: "a number"))
        let offset = try #require(json.utf8.firstIndex(of: UInt8(ascii: "5")).map { json.utf8.distance(from: json.utf8.startIndex, to: $0) })
        #expect(error.offset == offset)
        #expect(error.description.contains("records[3].fields.title.value: expected a string, found a number"))

        let unknown = #"{"recordName":"r","recordType":"T","fields":{"x":{"value":1,"type":"INT32"}}}"#
        let typeError = try #require(throws: WebServicesError.self) { try WebServicesJSON.decodeRecord(Data(unknown.utf8)) }
        #expect(typeError.reason == .unknownFieldType("INT32"))
        #expect(typeError.pathDescription == "fields.x.type")

        let action = #"{"recordName":"r","recordType":"T","fields":{"x":{"value":{"recordName":"y","action":"CASCADE"},"type":"REFERENCE"}}}"#
        let actionError = try #require(throws: WebServicesError.self) { try WebServicesJSON.decodeRecord(Data(action.utf8)) }
        #expect(actionError.pathDescription == "fields.x.value.action")

        let location = #"{"recordName":"r","recordType":"T","fields":{"x":{"value":{"latitude":91,"longitude":0},"type":"LOCATION"}}}"#
        let locationError = try #require(throws: WebServicesError.self) { try WebServicesJSON.decodeRecord(Data(location.utf8)) }
        #expect(locationError.pathDescription == "fields.x.value")
    }

    @Test func zoneOwnerDefaultsToTheCurrentUser() throws {
        let json = #"{"recordName":"r","recordType":"T","zoneID":{"zoneName":"Z"}}"#
        let record = try WebServicesJSON.decodeRecord(Data(json.utf8))
        #expect(record.id.zoneID == RecordZoneID(zoneName: "Z", ownerName: "__defaultOwner__"))
        let text = String(decoding: try WebServicesJSON.encodeRecord(record), as: UTF8.self)
        #expect(text == #"{"fields":{},"recordName":"r","recordType":"T","zoneID":{"zoneName":"Z"}}"#)
    }

    @Test func whatJSONCannotHoldIsRefused() throws {
        var record = Record(recordType: "T", id: RecordID(recordName: "r"), fields: ["x": .double(.nan)])
        let nan = try #require(throws: WebServicesError.self) { try WebServicesJSON.encodeRecord(record) }
        #expect(nan.pathDescription == "fields.x.value")
        record.fields = [:]
        record.encryptedFields = ["s": .string("secret")]
        let encrypted = try #require(throws: WebServicesError.self) { try WebServicesJSON.encodeRecord(record) }
        #expect(encrypted.pathDescription == "fields.s")
    }
}
