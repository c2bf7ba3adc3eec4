import Foundation
import Testing
@testable import RecordKit

/// records/modify bodies, change feeds, zones, per-record errors and error bodies.
@Suite struct RequestAndResponseTests {
    static let zone = RecordZoneID(zoneName: "Notes")

    static func note(_ name: String, tag: String? = "t1", zone: RecordZoneID = zone) -> Record {
        Record(recordType: "Note", id: RecordID(recordName: name, zoneID: zone), fields: ["title": .string(name)],
               system: SystemFields(changeTag: tag, creationDate: Date(timeIntervalSince1970: 1), creatorUserRecordName: "_me"))
    }

    @Test func modifyRequestWritesEveryOperationKind() throws {
        let other = RecordZoneID(zoneName: "Other", ownerName: "_owner")
        let operations = [
            RecordOperation(.create, record: Self.note("a")),
            RecordOperation(.update, record: Self.note("b")),
            RecordOperation(.forceUpdate, record: Self.note("c")),
            RecordOperation(.replace, record: Self.note("d")),
            RecordOperation(.forceReplace, record: Self.note("e", zone: other)),
            RecordOperation.delete(RecordID(recordName: "f", zoneID: Self.zone), changeTag: "t9"),
            RecordOperation.delete(RecordID(recordName: "g", zoneID: Self.zone), changeTag: "t9", force: true),
        ]
        let data = try WebServicesJSON.encodeModifyRequest(operations: operations, atomic: true, zoneID: Self.zone)
        let fields = #""fields":{"title":{"type":"STRING","value":"#
        let expected = #"{"atomic":true,"operations":["#
            + #"{"operationType":"create","record":{"# + fields + #""a"}},"recordName":"a","recordType":"Note"}},"#
            + #"{"operationType":"update","record":{"# + fields + #""b"}},"recordChangeTag":"t1","recordName":"b","recordType":"Note"}},"#
            + #"{"operationType":"forceUpdate","record":{"# + fields + #""c"}},"recordName":"c","recordType":"Note"}},"#
            + #"{"operationType":"replace","record":{"# + fields + #""d"}},"recordChangeTag":"t1","recordName":"d","recordType":"Note"}},"#
            + #"{"operationType":"forceReplace","record":{"# + fields + #""e"}},"recordName":"e","recordType":"Note","zoneID":{"ownerRecordName":"_owner","zoneName":"Other"}}},"#
            + #"{"operationType":"delete","record":{"recordChangeTag":"t9","recordName":"f"}},"#
            + #"{"operationType":"forceDelete","record":{"recordName":"g"}}"#
            + #"],"zoneID":{"zoneName":"Notes"}}"#
        #expect(String(decoding: data, as: UTF8.self) == expected)

        let decoded = try WebServicesJSON.decodeModifyRequest(data)
        #expect(decoded.atomic == true)
        #expect(decoded.zoneID == Self.zone)
        #expect(decoded.operations.map(\.kind) == RecordOperation.Kind.allCases)
        #expect(decoded.operations[1].record.system.changeTag == "t1")
        #expect(decoded.operations[0].record.system.changeTag == nil)
        #expect(decoded.operations[4].record.id.zoneID == other)
        #expect(decoded.operations[5].record.id == RecordID(recordName: "f", zoneID: Self.zone))
        #expect(decoded.operations[2].record.fields == ["title": .string("c")])
        #expect(try WebServicesJSON.contents(of: data) == .modifyRequest(decoded))
    }

    @Test func modifyResponseKeepsErrorsBesideGoodRecordsInOrder() throws {
        let json = """
        {"records":[
          {"recordName":"a","recordType":"Note","recordChangeTag":"t2","fields":{"title":{"value":"A","type":"STRING"}},"zoneID":{"zoneName":"Notes"}},
          {"recordName":"b","reason":"record to insert already exists","serverErrorCode":"CONFLICT","uuid":"u-1","retryAfter":2.5},
          {"recordName":"c","deleted":true,"zoneID":{"zoneName":"Notes"}},
          {"recordName":"d","serverErrorCode":"SOMETHING_NEW","reason":"from a newer server"}
        ]}
        """
        let response = try WebServicesJSON.decodeRecordsResponse(Data(json.utf8))
        #expect(response.results.count == 4)
        #expect(response.records.map(\.id.recordName) == ["a"])
        #expect(response.records.first?.system.changeTag == "t2")
        #expect(response.errors == [
            WebServicesServerError(serverErrorCode: .conflict, reason: "record to insert already exists", retryAfter: 2.5, uuid: "u-1", recordName: "b"),
            WebServicesServerError(serverErrorCode: .unknown("SOMETHING_NEW"), reason: "from a newer server", recordName: "d"),
        ])
        #expect(response.deletedRecordIDs == [RecordID(recordName: "c", zoneID: Self.zone)])
        guard case .error = response.results[1], case .deleted = response.results[2] else {
            Issue.record("results out of order: \(response.results)")
            return
        }
        let again = try WebServicesJSON.decodeRecordsResponse(WebServicesJSON.encodeRecordsResponse(response))
        #expect(again == response)
    }

    @Test func recordChangesFeed() throws {
        // zoneID comes after the records that lean on it.
        let json = """
        {"records":[
          {"recordName":"n1","recordType":"Note","fields":{"folder":{"value":{"recordName":"f1","action":"NONE"},"type":"REFERENCE"}}},
          {"recordName":"n2","deleted":true}
        ],"syncToken":"AQID","moreComing":true,"zoneID":{"zoneName":"Notes","ownerRecordName":"_u"}}
        """
        let zone = RecordZoneID(zoneName: "Notes", ownerName: "_u")
        let changes = try WebServicesJSON.decodeChangesResponse(Data(json.utf8))
        #expect(changes.zoneID == zone)
        #expect(changes.records.map(\.id) == [RecordID(recordName: "n1", zoneID: zone)])
        #expect(changes.records.first?["folder"] == .reference(Reference(recordID: RecordID(recordName: "f1", zoneID: zone))))
        #expect(changes.deletedRecordIDs == [RecordID(recordName: "n2", zoneID: zone)])
        #expect(changes.syncToken == ServerChangeToken(data: Data([1, 2, 3])))
        #expect(changes.moreComing)
        #expect(try WebServicesJSON.contents(of: Data(json.utf8)) == .changesResponse(changes))
        let again = try WebServicesJSON.decodeChangesResponse(WebServicesJSON.encodeChangesResponse(changes))
        #expect(again == changes)
    }

    @Test func zoneChangesAndDatabaseChanges() throws {
        let json = """
        {"zones":[
          {"zoneID":{"zoneName":"A","zoneType":"REGULAR_CUSTOM_ZONE"},"records":[{"recordName":"x","recordType":"T","fields":{}}],"syncToken":"AAE=","moreComing":false},
          {"zoneID":{"zoneName":"B"},"serverErrorCode":"ZONE_NOT_FOUND","reason":"gone"}
        ]}
        """
        let pages = try WebServicesJSON.decodeZoneChangesResponse(Data(json.utf8))
        #expect(pages.count == 2)
        #expect(pages[0].records.map(\.id) == [RecordID(recordName: "x", zoneID: RecordZoneID(zoneName: "A"))])
        #expect(pages[0].syncToken == ServerChangeToken(data: Data([0, 1])))
        #expect(pages[1].errors.map(\.serverErrorCode) == [.zoneNotFound])
        let contents = try WebServicesJSON.contents(of: Data(json.utf8))
        #expect(contents == .zoneChangesResponse(pages))
        try RoundTrip.check(contents)

        let database = #"{"zones":[{"zoneID":{"zoneName":"A"}},{"zoneID":{"zoneName":"C"},"deleted":true}],"syncToken":"AQ==","moreComing":true}"#
        let zones = try WebServicesJSON.decodeZonesResponse(Data(database.utf8))
        #expect(zones.zones == [ZoneInfo(zoneID: RecordZoneID(zoneName: "A")), ZoneInfo(zoneID: RecordZoneID(zoneName: "C"), deleted: true)])
        #expect(zones.moreComing)
        #expect(zones.syncToken == ServerChangeToken(data: Data([1])))
        #expect(try WebServicesJSON.contents(of: Data(database.utf8)) == .zonesResponse(zones))
        try RoundTrip.check(.zonesResponse(zones))
    }

    /// Repeated members are shared between records only when their bytes are equal.
    @Test func repeatedMembersKeepTheirOwnValues() throws {
        let entries = [("ZoneA", "_a", "u1"), ("ZoneB", "_b", "u2"), ("ZoneA", "_a", "u1"), ("ZoneC", "_b", "u3")].enumerated().map { index, entry in
            #"{"recordName":"r\#(index)","recordType":"T\#(index % 2)","modified":{"timestamp":1,"userRecordName":"\#(entry.2)","deviceID":"d\#(index)"},"zoneID":{"zoneName":"\#(entry.0)","ownerRecordName":"\#(entry.1)"}}"#
        }
        let response = try WebServicesJSON.decodeRecordsResponse(Data((#"{"records":["# + entries.joined(separator: ",") + "]}").utf8))
        #expect(response.records.map(\.id.zoneID) == [RecordZoneID(zoneName: "ZoneA", ownerName: "_a"), RecordZoneID(zoneName: "ZoneB", ownerName: "_b"),
                                                       RecordZoneID(zoneName: "ZoneA", ownerName: "_a"), RecordZoneID(zoneName: "ZoneC", ownerName: "_b")])
        #expect(response.records.map(\.recordType) == ["T0", "T1", "T0", "T1"])
        #expect(response.records.map(\.system.lastModifiedUserRecordName) == ["u1", "u2", "u1", "u3"])
        #expect(response.records.map(\.system.modifiedByDevice) == ["d0", "d1", "d2", "d3"])
    }

    @Test func serverErrorCodesAreAnOpenEnum() throws {
        for raw in ["ACCESS_DENIED", "ATOMIC_ERROR", "AUTHENTICATION_FAILED", "AUTHENTICATION_REQUIRED", "BAD_REQUEST",
                    "CONFLICT", "EXISTS", "INTERNAL_ERROR", "NOT_FOUND", "QUOTA_EXCEEDED", "THROTTLED", "TRY_AGAIN_LATER",
                    "VALIDATING_REFERENCE_ERROR", "ZONE_NOT_FOUND"] {
            let code = ServerErrorCode(rawValue: raw)
            if case .unknown = code { Issue.record("\(raw) not known") }
            #expect(code.rawValue == raw)
        }
        #expect(ServerErrorCode(rawValue: "LIMIT_EXCEEDED") == .unknown("LIMIT_EXCEEDED"))
        #expect(ServerErrorCode(rawValue: "LIMIT_EXCEEDED").rawValue == "LIMIT_EXCEEDED")

        let throttled = try WebServicesJSON.decodeErrorBody(Data(#"{"serverErrorCode":"THROTTLED","retryAfter":30,"uuid":"x"}"#.utf8))
        #expect(throttled.serverErrorCode == .throttled)
        #expect(throttled.serverErrorCode.isRetryable)
        #expect(throttled.retryAfter == 30)
        #expect(throttled.description == "THROTTLED (retry after 30.0 s)")
        #expect(try WebServicesJSON.decodeErrorBody(WebServicesJSON.encodeErrorBody(throttled)) == throttled)
    }

    @Test func bodiesThatAreNotWhatWasAskedFor() throws {
        let missing = try #require(throws: WebServicesError.self) { try WebServicesJSON.decodeErrorBody(Data(#"{"reason":"x","recordName":"r","recordType":"T"}"#.utf8)) }
        #expect(missing.reason == .missingKey("serverErrorCode"))
        let unknown = try #require(throws: WebServicesError.self) { try WebServicesJSON.contents(of: Data(#"{"hello":1,"world":[]}"#.utf8)) }
        #expect(unknown.reason == .unrecognizedBody(keys: ["hello", "world"]))
        let array = try #require(throws: WebServicesError.self) { try WebServicesJSON.contents(of: Data("[1]".utf8)) }
        #expect(array.reason == .typeMismatch(expected: "an object", found: "an array"))
        let empty = try #require(throws: WebServicesError.self) { try WebServicesJSON.decodeRecord(Data()) }
        #expect(empty.reason == .unexpectedEnd)
        let deleted = try #require(throws: WebServicesError.self) { try WebServicesJSON.decodeRecord(Data(#"{"recordName":"r"}"#.utf8)) }
        #expect(deleted.offset == 0)
        let noType = try #require(throws: WebServicesError.self) {
            try WebServicesJSON.decodeRecordsResponse(Data(#"{"records":[{"recordName":"r","fields":{}}]}"#.utf8))
        }
        #expect(noType.reason == .missingKey("recordType"))
        #expect(noType.pathDescription == "records[0]")
    }
}
