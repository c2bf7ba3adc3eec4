import Foundation
import RecordKit
import Testing

/// `recordgen inspect` on native archives the test writes with RecordKit's encoder.
@Suite struct InspectNativeTests {
    @Test(.enabled(if: InspectFixtures.canRun))
    func recordShowsSystemFieldsAndEveryFieldInColumns() throws {
        let folder = try TemporaryFolder()
        try folder.write("note.bin", data: NativeArchive.encode(try InspectFixtures.note()))
        let run = try InspectRun.run(["note.bin"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.hasPrefix("note.bin: RecordKit native archive, record\n"))
        #expect(InspectRun.line(out, "type") == "type         Note")
        #expect(InspectRun.line(out, "name") == "name         note-1")
        #expect(InspectRun.line(out, "zone") == "zone         note-zone (owner _owner42)")
        #expect(InspectRun.line(out, "change tag") == "change tag   ct-7")
        #expect(InspectRun.line(out, "created") == "created      2023-11-14T22:13:20.123Z by _creator")
        #expect(InspectRun.line(out, "modified") == "modified     2023-11-15T01:59:59.999Z by _editor")
        #expect(InspectRun.line(out, "device") == "device       iPhone")
        // Fields sorted by name, in aligned columns; encrypted marked; long values shortened.
        #expect(InspectRun.line(out, "attachment") == "attachment  ASSET             asset: checksum \"AbCdEf\", size 4,096, download \"https://example.com/a\"")
        #expect(InspectRun.line(out, "secret") == "secret      ENCRYPTED STRING  \"hush\"")
        #expect(InspectRun.line(out, "small") == "small       BYTES             deadbeef (4 bytes)")
        #expect(InspectRun.line(out, "count") == "count       INT64             42")
        #expect(InspectRun.line(out, "due") == "due         TIMESTAMP         2023-11-14T22:13:20.123Z")
        #expect(InspectRun.line(out, "folder") == "folder      REFERENCE         → folder-9 in note-zone (owner _owner42), deleteSelf")
        let blob = try #require(InspectRun.line(out, "blob"))
        #expect(blob.hasPrefix("blob        BYTES             000102030405"))
        #expect(blob.hasSuffix("… (1,024 bytes)"))
        let body = try #require(InspectRun.line(out, "body"))
        #expect(body.hasSuffix("…\" (2,000 bytes)"))
        #expect(body.count < 120)
        let tags = try #require(InspectRun.line(out, "tags"))
        #expect(tags == "tags        LIST<STRING>      7 items: \"tag1\", \"tag2\", \"tag3\", \"tag4\", \"tag5\", …")
        let names = ["attachment", "blob", "body", "count", "due", "folder", "place", "ratio", "secret", "small", "tags", "title"]
        let positions = names.compactMap { name in out.range(of: "\n  \(name) ")?.lowerBound }
        #expect(positions.count == names.count)
        #expect(positions == positions.sorted())
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func recordAsJSONKeepsFullValuesAndMilliseconds() throws {
        let folder = try TemporaryFolder()
        let note = try InspectFixtures.note()
        try folder.write("note.bin", data: NativeArchive.encode(note))
        let doc = try InspectRun.json("note.bin", in: folder.path)
        #expect(doc["format"].string == "nativeArchive")
        #expect(doc["kind"].string == "record")
        let record = doc["record"]
        #expect(record["recordName"].string == "note-1")
        #expect(record["recordType"].string == "Note")
        #expect(record["changeTag"].string == "ct-7")
        #expect(record["zone"]["zoneName"].string == "note-zone")
        #expect(record["zone"]["ownerName"].string == "_owner42")
        #expect(record["created"]["date"]["iso8601"].string == "2023-11-14T22:13:20.123Z")
        #expect(record["created"]["date"]["milliseconds"].int == 1_700_000_000_123)
        #expect(record["modified"]["date"]["milliseconds"].int == 1_700_013_599_999)
        #expect(record["modified"]["userRecordName"].string == "_editor")
        #expect(record["modifiedByDevice"].string == "iPhone")
        #expect(record["fields"]["secret"]["encrypted"].bool == true)
        #expect(record["fields"]["title"]["encrypted"].bool == false)
        #expect(record["fields"]["title"]["type"].string == "STRING")
        #expect(record["fields"]["body"]["value"].string?.count == 2000)
        if case let .bytes(blob)? = note["blob"] {
            #expect(record["fields"]["blob"]["value"].string == blob.base64EncodedString())
        }
        #expect(record["fields"]["tags"]["type"].string == "LIST<STRING>")
        #expect(record["fields"]["tags"]["value"].count == 7)
        #expect(record["fields"]["folder"]["value"]["action"].string == "deleteSelf")
        #expect(record["fields"]["due"]["value"]["milliseconds"].int == 1_700_000_000_123)
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func outputIsDeterministic() throws {
        let folder = try TemporaryFolder()
        try folder.write("note.bin", data: NativeArchive.encode(try InspectFixtures.note()))
        let first = try InspectRun.run(["note.bin", "--json"], in: folder.path)
        let second = try InspectRun.run(["note.bin", "--json"], in: folder.path)
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func recordListShowsTheFirstEntriesAndCountsTheRest() throws {
        let folder = try TemporaryFolder()
        let records = try (1...25).map { try InspectFixtures.note("note-\($0)") }
        try folder.write("notes.bin", data: NativeArchive.encode(records))
        let run = try InspectRun.run(["notes.bin"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("notes.bin: RecordKit native archive, record list, 25 records\n"))
        #expect(run.stdout.contains("record 20 of 25\n"))
        #expect(!run.stdout.contains("record 21 of 25"))
        #expect(run.stdout.contains("name         note-20\n"))
        #expect(run.stdout.contains("… 5 records not shown (--limit 20; --limit 0 shows all)"))

        let limited = try InspectRun.json("notes.bin", ["--limit", "3"], in: folder.path)
        #expect(limited["kind"].string == "recordList")
        #expect(limited["records"]["count"].int == 25)
        #expect(limited["records"]["omitted"].int == 22)
        #expect(limited["records"]["items"].count == 3)
        #expect(limited["records"]["items"][2]["recordName"].string == "note-3")

        let all = try InspectRun.json("notes.bin", ["--limit", "0"], in: folder.path)
        #expect(all["records"]["items"].count == 25)
        #expect(all["records"]["omitted"].int == 0)
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func tokenShowsByteCountAndHex() throws {
        let folder = try TemporaryFolder()
        try folder.write("token.bin", data: NativeArchive.encode(ServerChangeToken(data: Data([0x01, 0x00, 0xab, 0xff]))))
        let run = try InspectRun.run(["token.bin"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "token.bin: RecordKit native archive, change token\ntoken        4 bytes: 0100abff\n")
        let doc = try InspectRun.json("token.bin", in: folder.path)
        #expect(doc["kind"].string == "changeToken")
        #expect(doc["token"]["hex"].string == "0100abff")
        #expect(doc["token"]["base64"].string == "AQCr/w==")
        #expect(doc["token"]["byteCount"].int == 4)
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func syncStateShowsEachZoneAndItsToken() throws {
        let folder = try TemporaryFolder()
        let state = SyncState(
            zoneTokens: [
                RecordZoneID(zoneName: "b-zone"): ServerChangeToken(data: Data([0xbb])),
                RecordZoneID(zoneName: "a-zone", ownerName: "_other"): ServerChangeToken(data: Data([0xaa, 0x01])),
            ],
            databaseToken: ServerChangeToken(data: Data([0xdb]))
        )
        try folder.write("state.bin", data: NativeArchive.encode(state))
        let run = try InspectRun.run(["state.bin"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
        state.bin: RecordKit native archive, sync state, 2 zones
        database     1 byte: db

        zone 1 of 2
          zone         a-zone (owner _other)
          token        2 bytes: aa01

        zone 2 of 2
          zone         b-zone (owner __defaultOwner__)
          token        1 byte: bb

        """)
        let doc = try InspectRun.json("state.bin", in: folder.path)
        #expect(doc["kind"].string == "syncState")
        #expect(doc["databaseToken"]["hex"].string == "db")
        #expect(doc["zones"]["items"][0]["zone"]["zoneName"].string == "a-zone")
        #expect(doc["zones"]["items"][0]["token"]["hex"].string == "aa01")
        #expect(doc["zones"]["items"][1]["zone"]["ownerName"].string == "__defaultOwner__")
    }
}
