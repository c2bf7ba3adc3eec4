import Foundation
import RecordKit
import Testing

/// Open enums keep values a newer version wrote.
@Suite struct EnumTests {
    @Test func unknownIntegerValueRoundTrips() throws {
        var record = ConsumerFixtures.version1NoteRecord()
        record.fields["priority"] = .int64(7)
        let note = try Note(record: record)
        #expect(note.priority == .unknown(7))
        #expect(note.record().fields["priority"] == .int64(7))
    }

    @Test func unknownStringValuesRoundTripInLists() throws {
        var record = try ConsumerFixtures.article().record()
        record.fields["status"] = .string("archived")
        record.fields["history"] = .list(.string(["draft", "archived"]))
        let article = try Article(record: record)
        #expect(article.status == .unknown("archived"))
        #expect(article.history == [.draft, .unknown("archived")])
        #expect(article.record().fields["history"] == .list(.string(["draft", "archived"])))
    }

    @Test func keywordCasesAndRawValues() {
        #expect(Status.default.rawValue == "standard")
        #expect(Status(rawValue: "standard") == .default)
        #expect(Status.knownCases == [.draft, .published, .default])
        #expect(Priority.knownCases.map(\.rawValue) == [0, 1])
    }
}
