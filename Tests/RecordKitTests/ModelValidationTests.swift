import Foundation
import Testing
@testable import RecordKit

@Suite struct ModelValidationTests {
    @Test func heterogeneousListIsRejected() {
        #expect(throws: RecordValueError.heterogeneousList(index: 1, expected: .string, found: .int64)) {
            try FieldValue.list([.string("a"), .int64(1)])
        }
    }

    @Test func nestedListIsRejected() throws {
        let inner = try FieldValue.list([.int64(1)])
        #expect(throws: RecordValueError.nestedList(index: 0)) { try FieldValue.list([inner]) }
    }

    @Test func homogeneousListKeepsOrderAndKind() throws {
        let list = try FieldValue.list([.int64(3), .int64(1), .int64(2)])
        #expect(list == .list(.int64([3, 1, 2])))
        #expect(list.type == .list(of: .int64))
        #expect(list.type.description == "LIST<INT64>")
    }

    @Test func nonFiniteOrOutOfRangeLocationIsRejected() {
        #expect(throws: RecordValueError.self) { try Location(latitude: .infinity, longitude: 0) }
        #expect(throws: RecordValueError.coordinateOutOfRange(component: "longitude", value: 181)) {
            try Location(latitude: 0, longitude: 181)
        }
        #expect(throws: RecordValueError.self) { try Location(latitude: 0, longitude: 0, speed: .nan) }
    }

    @Test func assetMustNameAFile() throws {
        #expect(throws: RecordValueError.emptyAsset) { try Asset(size: 3) }
        #expect(throws: RecordValueError.negativeAssetSize(-1)) { try Asset(fileChecksum: "abc", size: -1) }
        let asset = try Asset(fileChecksum: "abc", size: 3)
        #expect(asset.fileChecksum == "abc")
    }

    @Test func doublesCompareByBitPattern() {
        #expect(FieldValue.double(.nan) == FieldValue.double(.nan))
        #expect(FieldValue.double(0.0) != FieldValue.double(-0.0))
        #expect(Set([FieldValue.double(.nan), FieldValue.double(.nan)]).count == 1)
    }

    @Test func subscriptReadsBothStoresAndWritesWhereTheKeyLives() {
        var record = Record(recordType: "Note", id: RecordID(recordName: "n1"), encryptedFields: ["secret": .string("x")])
        record["title"] = .string("Hello")
        record["secret"] = .string("y")
        #expect(record.fields["title"] == .string("Hello"))
        #expect(record.encryptedFields["secret"] == .string("y"))
        #expect(record.fields["secret"] == nil)
        record["secret"] = nil
        #expect(record["secret"] == nil)
        #expect(record.allKeys == ["title"])
    }

    @Test func nanDatesEqualThemselvesEverywhere() throws {
        let nan = Date(timeIntervalSinceReferenceDate: .nan)
        let system = SystemFields(changeTag: "t", creationDate: nan, modificationDate: nan)
        #expect(system == system)
        let location = try Location(latitude: 1, longitude: 2, timestamp: nan)
        #expect(location == location)
        let record = Record(recordType: "Note", id: RecordID(recordName: "n"), fields: ["at": .timestamp(nan), "where": .location(location)], system: system)
        #expect(record == record)
        #expect(Set([record, record]).count == 1)
        #expect(SystemFields(creationDate: Date(timeIntervalSinceReferenceDate: 0)) != SystemFields(creationDate: Date(timeIntervalSinceReferenceDate: -0.0)))
    }
}
