import Foundation
@testable import RecordKit
import Testing

/// The decode walk reads in the order records and archives keep: `init(fieldsFrom:)` calls its `switch` with
/// positions 0, 1, 2, … and the case labelled `n` reads the field that is `n`th in the read order (the unencrypted
/// fields in the byte order of their keys, then `beginEncryptedFields()`, then the encrypted ones in that order),
/// though the cases are listed in schema order.
@Suite struct DecodeWalkOrderTests {
    /// Note: 30 fields in a schema order far from their key order, six of them encrypted.
    @Test func theNotesDecodeWalkReadsInKeyOrder() throws {
        let note = try ConsumerFixtures.note()
        let readOrder = try Self.expectWalkReadsInKeyOrder(note)
        #expect(readOrder.count == 30)
        #expect(readOrder != Note.Field.allCases.map(\.rawValue), "Note's schema order is not its key order")
    }

    /// Article: keyword keys (`default`, `class`, `where`) and an encrypted field.
    @Test func theArticlesDecodeWalkReadsInKeyOrder() throws {
        let readOrder = try Self.expectWalkReadsInKeyOrder(CoverageTests.article())
        #expect(readOrder != Article.Field.allCases.map(\.rawValue), "Article's schema order is not its key order")
    }

    /// Task version 1: no encrypted field, so no `beginEncryptedFields()`.
    @Test func theTasksDecodeWalkReadsInKeyOrder() throws {
        let task = Task(title: "Write tests", due: ConsumerFixtures.date(8), color: "red", modified: ConsumerFixtures.date(7))
        let readOrder = try Self.expectWalkReadsInKeyOrder(task)
        #expect(readOrder != Task.Field.allCases.map(\.rawValue), "Task's schema order is not its key order")
    }

    /// Runs the decode walk of `model`'s record on a ``RecordingFieldSource`` and checks the order it asked for the
    /// fields in, and that what it read is `model` again. `model` must have every field set (so its record tells
    /// which fields are encrypted). Returns the read order.
    @discardableResult
    static func expectWalkReadsInKeyOrder<Model: GeneratedRecordModel>(
        _ model: Model, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let record = model.record()
        let keys = Model.Field.allCases.map(\.rawValue)
        let missing = keys.filter { record[$0] == nil }
        try #require(missing.isEmpty, "the model must set every field: \(missing) are not set", sourceLocation: sourceLocation)
        let byKey: (String, String) -> Bool = { FieldKeyOrder.precedes($0, $1) }
        let plain = keys.filter { record.fields[$0] != nil }.sorted(by: byKey)
        let encrypted = keys.filter { record.encryptedFields[$0] != nil }.sorted(by: byKey)
        var source = RecordingFieldSource<Model>(record)
        let read = try Model(fieldsFrom: &source)
        #expect(source.asked == plain + encrypted, "the walk's cases 0, 1, 2, … read these keys", sourceLocation: sourceLocation)
        #expect(source.encryptedFrom == (encrypted.isEmpty ? nil : plain.count),
                "beginEncryptedFields() comes after the \(plain.count) unencrypted fields", sourceLocation: sourceLocation)
        #expect(read.record() == record, "each case reads its field into its own property", sourceLocation: sourceLocation)
        return plain + encrypted
    }
}
