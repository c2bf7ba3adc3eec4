import Foundation
import Testing
@testable import RecordKit

/// A record never holds one key in both `fields` and `encryptedFields`, whichever public way it is built or
/// changed; the store written last wins the key (see `Record`).
@Suite struct RecordStoreInvariantTests {
    static let id = RecordID(recordName: "r")

    /// Both stores share no key.
    static func disjoint(_ record: Record) -> Bool {
        record.fields.firstKey(sharedWith: record.encryptedFields) == nil
            && record.encryptedFields.firstKey(sharedWith: record.fields) == nil
    }

    @Test func initialiserKeepsAKeyGivenInBothEncryptedOnly() {
        let record = Record(recordType: "T", id: Self.id,
                            fields: ["a": .string("plain"), "b": .int64(1), "z": .int64(2)],
                            encryptedFields: ["a": .bytes(Data([1])), "c": .bytes(Data([2])), "z": .bytes(Data([3]))])
        #expect(Self.disjoint(record))
        #expect(record.fields.keys == ["b"])
        #expect(record.encryptedFields.keys == ["a", "c", "z"])
        #expect(record["a"] == .bytes(Data([1])))
        #expect(record.allKeys == ["a", "b", "c", "z"])
    }

    @Test func settingAWholeStoreTakesItsKeysFromTheOther() {
        var record = Record(recordType: "T", id: Self.id, fields: ["a": .int64(1), "b": .int64(2)])
        record.encryptedFields = ["a": .bytes(Data([1]))]
        #expect(Self.disjoint(record))
        #expect(record.fields.keys == ["b"])
        record.fields = ["a": .int64(3), "c": .int64(4)]
        #expect(Self.disjoint(record))
        #expect(record.encryptedFields.isEmpty)
        #expect(record["a"] == .int64(3))
    }

    @Test func subscriptsOfEitherStoreMoveTheKey() {
        var record = Record(recordType: "T", id: Self.id, fields: ["a": .int64(1)])
        record.encryptedFields["a"] = .bytes(Data([9]))
        #expect(Self.disjoint(record))
        #expect(record.fields["a"] == nil && record.encryptedFields["a"] == .bytes(Data([9])))
        record.fields["a"] = .int64(2)
        #expect(Self.disjoint(record))
        #expect(record.fields["a"] == .int64(2) && record.encryptedFields["a"] == nil)
    }

    @Test func updateValueAndSetOfEitherStoreMoveTheKey() {
        var record = Record(recordType: "T", id: Self.id, encryptedFields: ["k": .bytes(Data([1]))])
        let replaced = record.fields.updateValue(.int64(1), forKey: "k")
        #expect(replaced == nil)
        #expect(Self.disjoint(record) && record.encryptedFields.isEmpty)
        record.encryptedFields.set(.bytes(Data([2])), forKey: "k")
        #expect(Self.disjoint(record) && record.fields.isEmpty)
        record.fields.set(.int64(3), forKey: "k")
        #expect(Self.disjoint(record) && record.encryptedFields.isEmpty)
        record.encryptedFields.updateValue(.bytes(Data([4])), forKey: "k")
        #expect(Self.disjoint(record) && record.fields.isEmpty && record["k"] == .bytes(Data([4])))
    }

    @Test func inoutAccessToAStoreIsCheckedWhenItEnds() {
        func add(_ key: String, to fields: inout RecordFields) { fields[key] = .int64(7) }
        var record = Record(recordType: "T", id: Self.id, encryptedFields: ["x": .bytes(Data([1])), "y": .bytes(Data([2]))])
        add("x", to: &record.fields)
        #expect(Self.disjoint(record))
        #expect(record.encryptedFields.keys == ["y"])
        add("x", to: &record.encryptedFields)
        #expect(Self.disjoint(record))
        #expect(record.fields.isEmpty && record.encryptedFields["x"] == .int64(7))
    }

    @Test func recordSubscriptKeepsTheStoreThatHoldsTheKey() {
        var record = Record(recordType: "T", id: Self.id, fields: ["p": .int64(1)], encryptedFields: ["e": .bytes(Data([1]))])
        record["e"] = .bytes(Data([2]))
        record["p"] = .int64(2)
        record["n"] = .int64(3)
        #expect(Self.disjoint(record))
        #expect(record.encryptedFields.keys == ["e"] && record.fields.keys == ["n", "p"])
        record["e"] = nil
        #expect(record.encryptedFields.isEmpty)
    }

    @Test func removingAndFilteringNeverCreateAnOverlap() {
        var record = Record(recordType: "T", id: Self.id, fields: ["a": .int64(1), "b": .int64(2)], encryptedFields: ["c": .bytes(Data())])
        record.fields.removeValue(forKey: "a")
        record.fields = record.fields.filter { $0.key != "b" }
        record.encryptedFields.reserveCapacity(10)
        #expect(Self.disjoint(record))
        #expect(record.fields.isEmpty && record.encryptedFields.keys == ["c"])
    }

    /// Keys equal as Unicode text but not as bytes are different keys: both stay.
    @Test func keysEqualOnlyAsTextAreDifferentKeys() {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        var record = Record(recordType: "T", id: Self.id, fields: [composed: .int64(1)], encryptedFields: [decomposed: .bytes(Data())])
        #expect(record.fields.count == 1 && record.encryptedFields.count == 1)
        record.fields[decomposed] = .int64(2)
        #expect(Self.disjoint(record) && record.encryptedFields.isEmpty && record.fields.count == 2)
    }

    /// Random writes through every mutator, against a model where the last write moves the key.
    @Test func randomWritesKeepTheStoresDisjointAndMatchTheModel() {
        var generator = SplitMix64(seed: 18)
        let keys = (0..<12).map { "k\($0)" }
        var record = Record(recordType: "T", id: Self.id)
        var model: [String: (value: FieldValue, encrypted: Bool)] = [:]
        for step in 0..<4_000 {
            let key = keys[Int(generator.next() % UInt64(keys.count))]
            let value = FieldValue.int64(Int64(step))
            switch generator.next() % 8 {
            case 0: record.fields[key] = value; model[key] = (value, false)
            case 1: record.encryptedFields[key] = value; model[key] = (value, true)
            case 2: record.fields.updateValue(value, forKey: key); model[key] = (value, false)
            case 3: record.encryptedFields.set(value, forKey: key); model[key] = (value, true)
            case 4:
                let encrypted = model[key]?.encrypted ?? false
                record[key] = value; model[key] = (value, encrypted)
            case 5: record[key] = nil; model[key] = nil
            case 6:
                var copy = record.fields
                copy[key] = value
                record.fields = copy
                model = model.filter { !$0.value.encrypted || copy[$0.key] == nil }
                for (name, fieldValue) in copy { model[name] = (fieldValue, false) }
            default:
                let rebuilt = Record(recordType: "T", id: Self.id, fields: record.fields, encryptedFields: record.encryptedFields)
                #expect(rebuilt == record)
            }
            #expect(Self.disjoint(record), "overlap after step \(step)")
        }
        for key in keys {
            let entry = model[key]
            #expect(record[key] == entry?.value, "\(key)")
            #expect((record.encryptedFields[key] != nil) == (entry?.encrypted == true), "\(key)")
        }
    }
}
