import Foundation
import RecordKit
import Testing

/// Push payloads the tests write: every kind, every alert shape, and malformed payloads as typed errors.
@Suite struct NotificationDecodingTests {
    private func decode(_ json: String) throws(WebServicesError) -> CloudNotification {
        try CloudNotification.decode(Data(json.utf8))
    }

    @Test func recordZoneNotificationInTheSharedDatabase() throws {
        let push = try decode(#"{"ck":{"fet":{"sid":"zone-sub","dbs":2,"zid":"notes","zoid":"_owner"}},"aps":{"content-available":1}}"#)
        #expect(push.kind == .recordZone(RecordZoneID(zoneName: "notes", ownerName: "_owner")))
        #expect(push.databaseScope == .shared)
        #expect(push.subscriptionID == "zone-sub")
    }

    @Test func publicDatabaseQueryDeletionWithoutZoneIsInTheDefaultZone() throws {
        let push = try decode(#"{"ck":{"qry":{"sid":"q","dbs":0,"rid":"r1","fo":3}}}"#)
        #expect(push.kind == .query(recordID: RecordID(recordName: "r1", zoneID: .default), reason: .recordDeleted))
        #expect(push.databaseScope == .public)
    }

    @Test func prunedQueryNotificationHasNoRecord() throws {
        let push = try decode(#"{"ck":{"qry":{"sid":"q","dbs":1}}}"#)
        #expect(push.kind == .query(recordID: nil, reason: nil))
    }

    @Test func unknownNumbersReadAsNil() throws {
        let push = try decode(#"{"ck":{"qry":{"sid":"q","dbs":7,"rid":"r","fo":9}}}"#)
        #expect(push.databaseScope == nil)
        #expect(push.kind == .query(recordID: RecordID(recordName: "r", zoneID: .default), reason: nil))
    }

    @Test func alertAsAnObjectWithBadgeSoundAndCategory() throws {
        let push = try decode(#"""
            {"aps":{"alert":{"title":"T","subtitle":"S","body":"B","loc-key":"x"},"badge":3,
             "sound":{"critical":1,"name":"ping.aiff"},"category":"NOTE"},"ck":{"met":{"sid":"db","dbs":1}}}
            """#)
        #expect(push.alert == CloudNotification.Alert(title: "T", subtitle: "S", body: "B", badge: 3, sound: "ping.aiff", category: "NOTE"))
        #expect(!push.isSilent)
        #expect(push.kind == .database(zoneID: nil))
    }

    @Test func nullMembersAreAbsent() throws {
        let push = try decode(#"{"aps":{"alert":null,"sound":null},"ck":{"cid":null,"met":{"sid":null,"dbs":null}}}"#)
        #expect(push.isSilent)
        #expect(push.containerIdentifier == nil && push.subscriptionID == nil && push.databaseScope == nil)
    }

    @Test(arguments: [
        (#"{"aps":{"content-available":1}}"#, "$", "no \"ck\" member"),
        (#"{"ck":{"qry":{"sid":"a"},"met":{"sid":"b"}}}"#, "ck", "more than one of qry, fet and met"),
        (#"{"ck":{"qry":{"dbs":"1"}}}"#, "ck.qry.dbs", "expected an integer"),
        (#"{"ck":{"fet":{"zid":5}}}"#, "ck.fet.zid", "expected a string"),
        (#"{"ck":{"met":[]}}"#, "ck.met", "expected an object"),
        (#"{"ck":{"cid":"a","cid":"b"}}"#, "ck.cid", "appears twice"),
        (#"{"aps":{"alert":7},"ck":{}}"#, "aps.alert", "expected a string or an object"),
        (#"{"ck":{}} x"#, "$", "more data after the top-level value"),
        (#"{"ck":{"nid":"a"#, "ck.nid", "invalid"),
        ("[]", "$", "expected an object"),
    ])
    func malformedPayloadsAreTypedErrors(json: String, path: String, message: String) {
        do {
            let push = try decode(json)
            Issue.record("decoded \(push) from \(json)")
        } catch {
            #expect(error.pathDescription == path, "\(error)")
            #expect(error.description.contains(message), "\(error)")
            #expect(error.line >= 1)
        }
    }

    @Test func deepNestingInAnIgnoredMemberIsRefused() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: WebServicesError.self) { try decode(#"{"ck":{"aux":"# + deep + "}}") }
    }
}
