import Foundation
import RecordKit
import Testing

/// The note app (Schemas/Notes.records.xml), end to end: two devices edit one note; a newer app's note is refused.
@Suite struct NoteAppFlowTests {
    static let zone = RecordZoneID(zoneName: "note-zone")

    static func text(_ name: String) -> Asset { Asset(fileURL: URL(fileURLWithPath: "/tmp/\(name).txt")) }

    @Test func twoDevicesEditTheNoteAndTheLaterModifiedWins() throws {
        // The server holds the note both devices fetched.
        var serverRecord = Note(
            recordID: RecordID(recordName: "note-1", zoneID: Self.zone), text: Self.text("v1"),
            modified: Date(timeIntervalSince1970: 1_000)).record()
        serverRecord.system.changeTag = "e1"
        let fetched = try Note(record: serverRecord)

        // The phone edits at t=2000 and saves first; the server's copy gets a new change tag.
        var phone = fetched
        phone.text = Self.text("phone")
        phone.modified = Date(timeIntervalSince1970: 2_000)
        var saved = phone.record()
        saved.system.changeTag = "e2"

        // The laptop edited later, at t=3000. Its save conflicts: CloudKit hands back ancestor, client and server.
        var laptop = fetched
        laptop.text = Self.text("laptop")
        laptop.modified = Date(timeIntervalSince1970: 3_000)
        let merged = Note.merge(ancestor: fetched, client: laptop, server: try Note(record: saved))
        #expect(merged.text == Self.text("laptop"), "the later modified wins")
        #expect(merged.modified == Date(timeIntervalSince1970: 3_000))
        #expect(merged.record().system.changeTag == "e2", "saved over the server's version")

        // Had the phone been later, the phone's text would stay.
        laptop.modified = Date(timeIntervalSince1970: 1_500)
        #expect(Note.merge(ancestor: fetched, client: laptop, server: try Note(record: saved)).text == Self.text("phone"))
    }

    @Test func aNoteFromANewerAppVersionIsRefused() throws {
        var record = Note(text: Self.text("x"), modified: Date(timeIntervalSince1970: 1)).record()
        record.fields["version"] = .int64(2)
        record.fields["title"] = .string("written by version 2")
        let error = try #require(throws: RecordDecodingError.self) { try Note(record: record) }
        #expect(error == .newerVersion(
            recordType: "Note", recordName: record.id.recordName, versionField: "version", found: 2, supported: 1))
        #expect(error.description.contains("update the app"))
    }
}
