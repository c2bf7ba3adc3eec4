import Foundation
import RecordKit
import Testing

/// `recordgen inspect` on keyed archives and Web Services JSON bodies the test writes with RecordKit's encoders.
@Suite struct InspectKeyedAndJSONTests {
    @Test(.enabled(if: InspectFixtures.canRun))
    func keyedChangeToken() throws {
        let folder = try TemporaryFolder()
        try folder.write("token.plist", data: KeyedArchive.encodeChangeToken(ServerChangeToken(data: Data([0xca, 0xfe, 0x00]))))
        let run = try InspectRun.run(["token.plist"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "token.plist: NSKeyedArchiver archive, CKServerChangeToken\ntoken        3 bytes: cafe00\n")
        let doc = try InspectRun.json("token.plist", in: folder.path)
        #expect(doc["format"].string == "keyedArchive")
        #expect(doc["kind"].string == "changeToken")
        #expect(doc["token"]["hex"].string == "cafe00")
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func keyedSystemFields() throws {
        let folder = try TemporaryFolder()
        // A misleading extension: detection goes by content.
        try folder.write("fields.json", data: KeyedArchive.encodeSystemFields(of: InspectFixtures.systemOnly()))
        let run = try InspectRun.run(["fields.json"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("fields.json: NSKeyedArchiver archive, CKRecord system fields (encodeSystemFields)\n"))
        #expect(InspectRun.line(run.stdout, "name") == "name         note-sys")
        #expect(InspectRun.line(run.stdout, "change tag") == "change tag   9a")
        #expect(InspectRun.line(run.stdout, "created") == "created      2023-11-14T22:13:20.123Z by _creator")
        #expect(InspectRun.line(run.stdout, "fields ") == "fields       none")
        let doc = try InspectRun.json("fields.json", in: folder.path)
        #expect(doc["kind"].string == "systemFields")
        #expect(doc["record"]["changeTag"].string == "9a")
        #expect(doc["record"]["modified"]["date"]["milliseconds"].int == 1_700_013_599_999)
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func webServicesRecord() throws {
        let folder = try TemporaryFolder()
        var note = try InspectFixtures.note()
        // Web Services JSON carries encrypted values as bytes only (ENCRYPTED_BYTES).
        note.encryptedFields = ["secret": .bytes(Data([0x01, 0x02]))]
        try folder.write("record.json", data: WebServicesJSON.encodeRecord(note))
        let run = try InspectRun.run(["record.json"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("record.json: CloudKit Web Services JSON, record note-1 of type Note"))
        #expect(InspectRun.line(run.stdout, "change tag") == "change tag   ct-7")
        #expect(InspectRun.line(run.stdout, "created") == "created      2023-11-14T22:13:20.123Z by _creator")
        #expect(InspectRun.line(run.stdout, "title") == "title       STRING           \"Shopping\"")
        #expect(InspectRun.line(run.stdout, "secret") == "secret      ENCRYPTED BYTES  0102 (2 bytes)")
        let doc = try InspectRun.json("record.json", in: folder.path)
        #expect(doc["format"].string == "webServicesJSON")
        #expect(doc["kind"].string == "record")
        #expect(doc["record"]["recordName"].string == "note-1")
        #expect(doc["record"]["created"]["date"]["milliseconds"].int == 1_700_000_000_123)
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func webServicesRecordsResponseShowsEachEntry() throws {
        let folder = try TemporaryFolder()
        let response = RecordsResponse(
            results: [
                .record(InspectFixtures.systemOnly()),
                .deleted(RecordID(recordName: "gone-1", zoneID: InspectFixtures.zone)),
                .error(WebServicesServerError(serverErrorCode: .notFound, reason: "Record not found", recordName: "missing-2")),
            ],
            syncToken: ServerChangeToken(data: Data([0x01, 0x02]))
        )
        try folder.write("response.json", data: WebServicesJSON.encodeRecordsResponse(response))
        let run = try InspectRun.run(["response.json"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.hasPrefix("response.json: CloudKit Web Services JSON, records response: 1 records, 1 deleted, 1 errors"))
        #expect(InspectRun.line(out, "sync token") == "sync token   2 bytes: 0102")
        #expect(out.contains("entry 1 of 3\n  type         Note\n  name         note-sys\n"))
        #expect(out.contains("entry 2 of 3\n  deleted      gone-1 in note-zone (owner _owner42)\n"))
        #expect(out.contains("entry 3 of 3\n  error        NOT_FOUND\n  record       missing-2\n  reason       Record not found\n"))
        let doc = try InspectRun.json("response.json", in: folder.path)
        #expect(doc["kind"].string == "recordsResponse")
        #expect(doc["entries"]["count"].int == 3)
        #expect(doc["entries"]["items"][0]["record"]["changeTag"].string == "9a")
        #expect(doc["entries"]["items"][1]["deleted"]["recordName"].string == "gone-1")
        #expect(doc["entries"]["items"][2]["error"]["serverErrorCode"].string == "NOT_FOUND")
        #expect(doc["syncToken"]["hex"].string == "0102")

        let limited = try InspectRun.run(["response.json", "--limit", "1"], in: folder.path)
        #expect(limited.stdout.contains("… 2 entries not shown (--limit 1; --limit 0 shows all)"))
    }

    /// Dates come from whole milliseconds, so they print the same on every machine, before 1970 and on leap days.
    @Test(.enabled(if: InspectFixtures.canRun), arguments: [
        (Int64(-1), "1969-12-31T23:59:59.999Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
    ])
    func datesPrintExactly(milliseconds: Int64, expected: String) throws {
        let folder = try TemporaryFolder()
        let body = """
        {"recordName": "r", "recordType": "T", "fields": {"at": {"type": "TIMESTAMP", "value": \(milliseconds)}},
         "created": {"timestamp": \(milliseconds), "userRecordName": "_u"}}
        """
        try folder.write("date.json", body)
        let run = try InspectRun.run(["date.json"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(InspectRun.line(run.stdout, "created") == "created      \(expected) by _u")
        #expect(InspectRun.line(run.stdout, "at ") == "at  TIMESTAMP  \(expected)")
        let doc = try InspectRun.json("date.json", in: folder.path)
        #expect(doc["record"]["created"]["date"]["milliseconds"].int == milliseconds)
        #expect(doc["record"]["fields"]["at"]["value"]["iso8601"].string == expected)
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func webServicesErrorBody() throws {
        let folder = try TemporaryFolder()
        let error = WebServicesServerError(serverErrorCode: .throttled, reason: "Slow down", retryAfter: 30, uuid: "u-1")
        try folder.write("error.json", data: WebServicesJSON.encodeErrorBody(error))
        let run = try InspectRun.run(["error.json"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(InspectRun.line(run.stdout, "error ") == "error        THROTTLED")
        #expect(InspectRun.line(run.stdout, "retry after") == "retry after  30.0 s")
        let doc = try InspectRun.json("error.json", in: folder.path)
        #expect(doc["kind"].string == "errorBody")
        #expect(doc["error"]["serverErrorCode"].string == "THROTTLED")
        #expect(doc["error"]["uuid"].string == "u-1")
    }
}
