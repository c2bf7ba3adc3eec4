import Foundation
import RecordKit
import Testing

/// `archived()` and `init(archived:)`: a model, its unknown fields and its system fields survive offline storage.
@Suite struct ArchiveTests {
    @Test func archiveRoundTrips() throws {
        var record = try ConsumerFixtures.note().record()
        record.fields["weather"] = .string("sunny")
        record.system = SystemFields(changeTag: "e7", creationDate: ConsumerFixtures.date(1), modifiedByDevice: "phone")
        let note = try Note(record: record)
        let data = try note.archived()
        let back = try Note(archived: data)
        #expect(back == note)
        #expect(back.metadata.system.changeTag == "e7")
        #expect(back.metadata.unknownFields["weather"] == .string("sunny"))
    }

    @Test func corruptArchivesAndWrongTypesAreTypedErrors() throws {
        var data = try ConsumerFixtures.note().archived()
        data[data.count / 2] ^= 0xff
        let corrupt = try #require(throws: RecordModelArchiveError.self) { try Note(archived: data) }
        guard case .archive = corrupt else {
            Issue.record("expected an archive error, got \(corrupt)")
            return
        }
        let folder = try Folder(recordID: RecordID(recordName: "f"), name: "x", created: ConsumerFixtures.date(0)).archived()
        #expect(throws: RecordModelArchiveError.decoding(.wrongRecordType(expected: "Note", found: "Folder", recordName: "f"))) {
            try Note(archived: folder)
        }
    }
}
