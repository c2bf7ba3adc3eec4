import Foundation
import RecordKit
import Testing

/// The note app, end to end: two devices edit one note; a newer app's note is refused.
@Suite struct NoteAppFlowTests {
    @Test func twoDevicesEditTheNoteAndTheLaterModifiedWins() throws {
        // The server holds the note both devices fetched.
        var serverRecord = ConsumerFixtures.note(modified: 1_000, title: "Shopping").record()
        serverRecord.system.changeTag = "e1"
        let fetched = try Note(record: serverRecord)

        // The phone edits the title at t=2000 and saves first.
        var phone = fetched
        phone.title = "Shopping (phone)"
        phone.tags = ["home", "urgent"]
        phone.modified = Date(timeIntervalSince1970: 2_000)
        var saved = phone.record()
        saved.system.changeTag = "e2"

        // The laptop edited the title later, at t=3000; its save conflicts, CloudKit hands back all three records.
        var laptop = fetched
        laptop.title = "Shopping (laptop)"
        laptop.pinned = false
        laptop.modified = Date(timeIntervalSince1970: 3_000)
        let merged = Note.merge(
            ancestor: try Note(record: serverRecord), client: laptop, server: try Note(record: saved))
        #expect(merged.title == "Shopping (laptop)", "the later modified wins the conflict")
        #expect(merged.tags == ["home", "urgent"], "the phone's edit nobody else touched is kept")
        #expect(merged.pinned == false)
        #expect(merged.modified == Date(timeIntervalSince1970: 3_000))
        #expect(merged.record().system.changeTag == "e2", "saved over the server's version")
    }

    @Test func aNoteFromANewerAppVersionIsRefused() throws {
        var record = ConsumerFixtures.note().record()
        record.fields["version"] = .int64(3)
        let error = try #require(throws: RecordDecodingError.self) { try Note(record: record) }
        #expect(error == .newerVersion(recordType: "Note", recordName: "note-1", versionField: "version", found: 3, supported: 2))
        #expect(error.description.contains("update the app"))
    }
}
