import Foundation
import RecordKit
import Testing

/// Model -> Record -> model is the identity, and the record holds what CloudKit expects.
@Suite struct RoundTripTests {
    @Test func everyFieldRoundTrips() throws {
        let note = try ConsumerFixtures.note()
        let decoded = try Note(record: note.record())
        #expect(decoded == note)
        #expect(decoded.metadata.decodedVersion == 3)
    }

    @Test func theRecordHoldsCloudKitValues() throws {
        let record = try ConsumerFixtures.note().record()
        #expect(record.recordType == "Note")
        #expect(record.id == ConsumerFixtures.noteID)
        #expect(record.fields["version"] == .int64(3))
        #expect(record.fields["pinned"] == .int64(1))
        #expect(record.fields["priority"] == .int64(2))
        #expect(record.fields["position"] == .int64(3))
        #expect(record.fields["uuid"] == .string(ConsumerFixtures.uuid.uuidString))
        #expect(record.fields["source"] == .string("file:///tmp/source"))
        #expect(record.fields["moods"] == .list(.string(["happy", "calm"])))
        #expect(record.fields["mood"] == .string("grumpy"))
        #expect(record.fields["counts"] == .list(.int64([1, 2, 3])))
        #expect(record.fields["secret"] == nil)
        #expect(Set(record.encryptedFields.keys) == ["secret", "secretCount", "secretScore", "secretDate", "secretBlob", "secretPlace"])
        #expect(record.encryptedFields["secretCount"] == .int64(2))
    }

    @Test func absentOptionalsAreLeftOutAndEmptyListsTyped() throws {
        let note = ConsumerFixtures.plainNote(modified: 1)
        let record = note.record()
        #expect(record.fields["mood"] == nil)
        #expect(record.fields["folder"] == nil)
        #expect(record.fields["route"] == .list(.location([])))
        #expect(record.fields["source"] == .string("https://example.com/notes"), "the schema's URL default")
        #expect(record.fields["thumbnail"] == .bytes(Data([0, 1, 2, 3])))
        #expect(record.fields["reminder"] == .timestamp(Date(timeIntervalSince1970: 1_714_564_800)))
        #expect(try Note(record: record) == note)
    }

    @Test func unversionedTypesWriteNoVersionField() throws {
        let item = GalleryItem(recordID: RecordID(recordName: "g"), caption: "Sunset", image: ConsumerFixtures.asset("sunset"))
        let record = item.record()
        #expect(record.fields == ["caption": .string("Sunset"), "image": .asset(ConsumerFixtures.asset("sunset")), "likes": .int64(0)])
        #expect(try GalleryItem(record: record) == item)
    }

    @Test func newRecordsLandInTheSchemasZone() {
        let folder = Folder(name: "Inbox", created: ConsumerFixtures.date(0))
        #expect(folder.recordID.zoneID.zoneName == "notebook")
        #expect(GalleryItem(caption: "", image: ConsumerFixtures.asset()).recordID.zoneID.zoneName == "gallery")
    }

    @Test func fieldEnumNamesEveryKey() {
        #expect(SharedNote.Field.allCases.map(\.rawValue) == ["body", "edited"])
        #expect(Note.Field.allCases.count == 30)
        #expect(Note.recordType == "Note" && Note.schemaVersion == 3)
        #expect(GalleryItem.schemaVersion == 1)
    }
}
