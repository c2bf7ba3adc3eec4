import Foundation
import RecordKit
import Testing

/// Model -> Record -> model is the identity, and the record holds what CloudKit expects.
@Suite struct RoundTripTests {
    @Test func noteRoundTrips() throws {
        let note = ConsumerFixtures.note()
        let decoded = try Note(record: note.record())
        #expect(decoded == note)
        #expect(decoded.metadata.decodedVersion == 2)
    }

    @Test func noteRecordHoldsCloudKitValues() {
        let record = ConsumerFixtures.note().record()
        #expect(record.recordType == "Note")
        #expect(record.id == ConsumerFixtures.noteID)
        #expect(record.fields["version"] == .int64(2))
        #expect(record.fields["pinned"] == .int64(1))
        #expect(record.fields["priority"] == .int64(1))
        #expect(record.fields["uuid"] == .string(ConsumerFixtures.noteUUID.uuidString))
        #expect(record.fields["tags"] == .list(.string(["home"])))
        #expect(record.fields["secret"] == nil)
        #expect(record.encryptedFields["secret"] == .string("under the mat"))
        #expect(record.fields["folder"] == nil, "nil optionals are left out")
    }

    @Test func everyMappingRoundTrips() throws {
        let article = try ConsumerFixtures.article()
        let record = article.record()
        #expect(record.fields["record"] == .string("kept"), "the property is recordField, the key stays record")
        #expect(record.fields["default"] == .string("fancy"))
        #expect(record.fields["class"] == .int64(7))
        #expect(record.fields["history"] == .list(.string(["draft", "standard"])))
        #expect(record.encryptedFields["where"] != nil)
        #expect(try Article(record: record) == article)
    }

    @Test func unversionedTypesWriteNoVersionField() throws {
        let plain = Plain(recordID: RecordID(recordName: "p"), name: "x")
        let record = plain.record()
        #expect(record.fields == ["name": .string("x")])
        #expect(try Plain(record: record) == plain)
        #expect(try Plain(record: Record(recordType: "Plain", id: RecordID(recordName: "q"))).name == "")
    }

    @Test func fieldEnumNamesEveryKey() {
        #expect(Note.Field.allCases.map(\.rawValue) == [
            "text", "modified", "title", "tags", "priority", "pinned", "uuid", "folder", "secret", "place",
        ])
        #expect(Article.Field.record.rawValue == "record")
        #expect(Note.recordType == "Note" && Note.schemaVersion == 2)
    }
}

/// Types at the edges: no fields at all, and field names that collide with generated members.
@Suite struct EdgeTypeTests {
    @Test func emptyTypeRoundTrips() throws {
        let empty = Empty(recordID: RecordID(recordName: "e"))
        #expect(empty.record().fields == ["version": .int64(1)])
        #expect(try Empty(record: empty.record()) == empty)
        #expect(Empty.Field.allCases.isEmpty)
    }

    @Test func collidingNamesAreRenamedInSwiftOnly() throws {
        let awkward = Awkward(recordID: RecordID(recordName: "a"), metadataField: "m", rawValue: 3, selfField: 1.5)
        let record = awkward.record()
        #expect(record.fields == ["metadata": .string("m"), "rawValue": .int64(3), "self": .double(1.5)])
        #expect(try Awkward(record: record) == awkward)
        #expect(Awkward.Field.rawValueField.rawValue == "rawValue")
    }
}
