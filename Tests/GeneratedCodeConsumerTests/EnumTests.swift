import Foundation
import RecordKit
import Testing

/// Open enums keep values a newer version wrote.
@Suite struct EnumTests {
    @Test func unknownIntegerValueRoundTrips() throws {
        var record = ConsumerFixtures.version2NoteRecord()
        record.fields["priority"] = .int64(7)
        let note = try Note(record: record)
        #expect(note.priority == .unknown(7))
        #expect(note.record().fields["priority"] == .int64(7))
    }

    @Test func unknownStringValuesRoundTripInListsToo() throws {
        var record = try ConsumerFixtures.note().record()
        record.fields["mood"] = .string("ecstatic")
        record.fields["moods"] = .list(.string(["calm", "ecstatic"]))
        let note = try Note(record: record)
        #expect(note.mood == .unknown("ecstatic"))
        #expect(note.moods == [.calm, .unknown("ecstatic")])
        #expect(note.record() == record)
    }

    @Test func knownCasesAndRawValues() {
        #expect(Priority.knownCases == [.low, .normal, .high])
        #expect(Priority.knownCases.map(\.rawValue) == [0, 1, 2])
        #expect(Mood(rawValue: "calm") == .calm)
        #expect(Status.default.rawValue == "standard")
        #expect(Status(rawValue: "standard") == .default)
    }
}
