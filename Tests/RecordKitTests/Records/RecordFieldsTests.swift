import Foundation
import Testing
@testable import RecordKit

/// `RecordFields` against plain models: a byte-keyed reference for sets and removes, a linear search for
/// `position(of:cursor:)`, and `[UInt8]` comparison for `FieldKeyOrder`.
@Suite struct RecordFieldsTests {
    /// Keys that stress the byte order: the empty key, prefixes, case, NFC vs NFD, digits, emoji.
    static let keyPool = ["", "a", "ab", "b", "B", "\u{E9}", "e\u{301}", "zz", "field10", "field2", "\u{1F600}", "e"]

    /// A byte-keyed reference model: NFC and NFD spellings are two keys.
    struct Model {
        var values: [[UInt8]: FieldValue] = [:]

        /// The model's keys in byte order with their values.
        var sorted: [(key: [UInt8], value: FieldValue)] {
            values.map { (key: $0.key, value: $0.value) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        }
    }

    /// Checks that `fields` is strictly increasing by bytes and holds exactly what `model` holds.
    func expectMatches(_ fields: RecordFields, _ model: Model, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = fields.keys.map { Array($0.utf8) }
        for (earlier, later) in zip(bytes, bytes.dropFirst()) {
            #expect(earlier.lexicographicallyPrecedes(later), "\(context): keys not strictly increasing", sourceLocation: sourceLocation)
        }
        let expected = model.sorted
        #expect(fields.count == expected.count, "\(context): count", sourceLocation: sourceLocation)
        #expect(bytes == expected.map(\.key), "\(context): keys", sourceLocation: sourceLocation)
        #expect(fields.values == expected.map(\.value), "\(context): values", sourceLocation: sourceLocation)
        #expect(fields.map { Array($0.key.utf8) } == expected.map(\.key), "\(context): iteration order", sourceLocation: sourceLocation)
        for key in Self.keyPool {
            #expect(fields[key] == model.values[Array(key.utf8)], "\(context): subscript \(key.debugDescription)", sourceLocation: sourceLocation)
            #expect(fields.contains(key: key) == (model.values[Array(key.utf8)] != nil), "\(context): contains", sourceLocation: sourceLocation)
        }
    }

    // MARK: 1. Order and uniqueness

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func randomSetsAndRemovesMatchByteKeyedModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var fields = RecordFields()
        var model = Model()
        for step in 0..<400 {
            let key = random.pick(Self.keyPool)
            let bytes = Array(key.utf8)
            let context = "seed \(seed) step \(step)"
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let value = FieldValue.int64(Int64(step))
                #expect(fields.updateValue(value, forKey: key) == model.values[bytes], "\(context): updateValue")
                model.values[bytes] = value
            case 1:
                #expect(fields.removeValue(forKey: key) == model.values[bytes], "\(context): removeValue")
                model.values[bytes] = nil
            case 2:
                let value = FieldValue.string("v\(step)")
                fields[key] = value
                model.values[bytes] = value
            default:
                fields[key] = nil
                model.values[bytes] = nil
            }
            expectMatches(fields, model, context)
        }
    }

    @Test func nfcAndNfdAreTwoKeys() {
        var fields: RecordFields = ["\u{E9}": .int64(1)]
        fields["e\u{301}"] = .int64(2)
        #expect(fields.count == 2)
        #expect(fields["\u{E9}"] == .int64(1))
        #expect(fields["e\u{301}"] == .int64(2))
        #expect(fields.keys.map { Array($0.utf8) } == [[0x65, 0xCC, 0x81], [0xC3, 0xA9]])
        #expect(fields.removeValue(forKey: "e\u{301}") == .int64(2))
        #expect(fields["\u{E9}"] == .int64(1))
        #expect(fields["e\u{301}"] == nil)
    }

    @Test func allKeysMergesBothStoresByBytes() {
        let record = Record(
            recordType: "T", id: RecordID(recordName: "r"),
            fields: ["\u{E9}": .int64(1), "b": .int64(2), "shared": .int64(3)],
            encryptedFields: ["e\u{301}": .int64(4), "a": .int64(5), "shared": .int64(6), "z": .int64(7)])
        #expect(record.allKeys.map { Array($0.utf8) } == ["a", "b", "e\u{301}", "shared", "z", "\u{E9}"].map { Array($0.utf8) })
        #expect(Record(recordType: "T", id: RecordID(recordName: "r"), fields: ["b": .int64(1), "a": .int64(2)]).allKeys == ["a", "b"])
    }

    @Test func dictionaryOfCanonicallyEquivalentKeysDoesNotTrap() {
        // `String` equality folds NFC and NFD, so a dictionary can hold only one of them.
        let fields: RecordFields = ["\u{E9}": .int64(1), "e\u{301}": .int64(2), "a": .int64(3)]
        let dictionary = fields.dictionary
        #expect(dictionary.count == 2)
        #expect(dictionary["a"] == .int64(3))
        // The key last in byte order wins: "\u{E9}" (C3 A9) comes after "e\u{301}" (65 CC 81).
        #expect(dictionary["\u{E9}"] == .int64(1))
        #expect(dictionary["e\u{301}"] == .int64(1))
    }

    // MARK: 2. Initialisers, filter, equality and hashing

    @Test func literalKeepsLastValueOfRepeatedKey() {
        let fields: RecordFields = ["b": .int64(1), "a": .int64(2), "b": .int64(3)]
        #expect(fields.count == 2)
        #expect(fields.keys == ["a", "b"])
        #expect(fields["b"] == .int64(3))
        let fromSequence = RecordFields([("z", .int64(1)), ("z", .int64(2)), ("y", .int64(0))])
        #expect(fromSequence.keys == ["y", "z"])
        #expect(fromSequence["z"] == .int64(2))
    }

    @Test func dictionaryInitSortsByBytes() {
        let dictionary: [String: FieldValue] = [
            "zz": .int64(1), "B": .int64(2), "b": .int64(3), "": .int64(4), "field10": .int64(5),
            "field2": .int64(6), "\u{1F600}": .int64(7), "ab": .int64(8),
        ]
        let fields = RecordFields(dictionary)
        #expect(fields.keys == ["", "B", "ab", "b", "field10", "field2", "zz", "\u{1F600}"])
        #expect(fields.dictionary == dictionary)
        for (key, value) in dictionary { #expect(fields[key] == value) }
    }

    @Test func filterKeepsOrder() {
        var random = SplitMix64(seed: 42)
        var fields = RecordFields()
        for key in Self.keyPool.shuffled(using: &random) { fields[key] = .int64(Int64(key.utf8.count)) }
        let kept = fields.filter { $0.key.utf8.count != 1 }
        #expect(kept.keys == fields.keys.filter { $0.utf8.count != 1 })
        #expect(kept.values == kept.keys.compactMap { fields[$0] })
        let empty = fields.filter { _ in false }
        #expect(empty.isEmpty)
    }

    @Test(arguments: [UInt64(10), 11, 12])
    func equalContentsAreEqualWhateverTheInsertionOrder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pairs = Self.keyPool.map { ($0, FieldValue.string("v" + $0)) }
        var first = RecordFields(), second = RecordFields()
        for (key, value) in pairs.shuffled(using: &random) { first[key] = value }
        for (key, value) in pairs.shuffled(using: &random) { second.updateValue(value, forKey: key) }
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)

        var otherValue = second
        otherValue["ab"] = .string("different")
        #expect(first != otherValue)

        var otherKey = second
        let value = otherKey.removeValue(forKey: "\u{E9}")
        #expect(value != nil)
        otherKey["e\u{301}\u{301}"] = value
        #expect(first != otherKey)

        // Same bytes but NFC for NFD: canonically equal strings, yet different keys.
        let nfc: RecordFields = ["\u{E9}": .int64(1)], nfd: RecordFields = ["e\u{301}": .int64(1)]
        #expect(nfc != nfd)

        var fewer = second
        fewer["zz"] = nil
        #expect(first != fewer)
    }

    // MARK: 3. position(of:cursor:)

    /// The reference: the index of the key with the same bytes, by a linear scan.
    func linearPosition(of key: String, in fields: RecordFields) -> Int? {
        fields.firstIndex { Array($0.key.utf8) == Array(key.utf8) }
    }

    func expectPositions(_ queries: [String], in fields: RecordFields, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var cursor = 0
        for (step, key) in queries.enumerated() {
            let answer = fields.position(of: key, cursor: &cursor)
            #expect(answer == linearPosition(of: key, in: fields), "\(context) query \(step) \(key.debugDescription)", sourceLocation: sourceLocation)
            #expect((0...fields.count).contains(cursor), "\(context): cursor \(cursor) outside 0...\(fields.count)", sourceLocation: sourceLocation)
            if let answer { #expect(cursor == answer + 1, "\(context): cursor not just past a hit", sourceLocation: sourceLocation) }
        }
    }

    /// The fast path: a reader walking the keys in order, skipping some and asking for absent keys that sort
    /// between them, always leaves the cursor just past where it looked (a hit, or the insertion point of a
    /// miss), so the next key in order costs one comparison.
    @Test(arguments: [UInt64(40), 41, 42, 43, 44, 45])
    func inOrderReadsLeaveTheCursorWhereTheNextKeyIs(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var fields = RecordFields()
        for key in Self.keyPool + (0..<20).map({ "k\($0)" }) where random.chance(70) { fields[key] = .string(key) }
        var cursor = 0
        for (index, key) in fields.keys.enumerated() {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                #expect(fields.position(of: key, cursor: &cursor) == index, "seed \(seed): \(key.debugDescription)")
            case 1:
                // "\u{0}" appended sorts after the key and before every later key (no stored key holds a NUL).
                #expect(fields.position(of: key + "\u{0}", cursor: &cursor) == nil, "seed \(seed)")
            default:
                continue
            }
            #expect(cursor == index + 1, "seed \(seed): cursor after looking at \(key.debugDescription)")
        }
    }

    @Test(arguments: [UInt64(20), 21, 22, 23, 24, 25, 26, 27])
    func positionAgreesWithLinearSearch(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Stored keys: a random subset of the pool plus some "k<n>"; queries add keys before, between and after.
        let extra = (0..<Int.random(in: 0..<12, using: &random)).map { _ in "k\(Int.random(in: 0..<40, using: &random))" }
        let stored = Self.keyPool.filter { _ in random.chance(50) } + extra
        var fields = RecordFields()
        for key in stored.shuffled(using: &random) { fields[key] = .int64(Int64(key.utf8.count)) }
        let absent = ["", "\u{0}", "A", "aa", "k", "k99", "kz", "\u{10FFFF}", "\u{FFFF}\u{FFFF}", "e\u{301}\u{301}"]
            .filter { !fields.contains(key: $0) }
        let present = fields.keys
        let all = present + absent + Self.keyPool

        expectPositions(present, in: fields, "seed \(seed) in order")
        expectPositions(present.reversed(), in: fields, "seed \(seed) reversed")
        expectPositions(present.shuffled(using: &random), in: fields, "seed \(seed) shuffled")
        expectPositions(absent, in: fields, "seed \(seed) absent only")
        expectPositions(all.shuffled(using: &random), in: fields, "seed \(seed) mixed")

        // In order, with unknown keys interleaved and some present keys skipped: a generated reader's pattern.
        var interleaved: [String] = []
        for key in present {
            if random.chance(30) { interleaved.append(random.pick(absent.isEmpty ? ["k100"] : absent)) }
            if random.chance(80) { interleaved.append(key) }
        }
        expectPositions(interleaved, in: fields, "seed \(seed) in order with unknown keys")

        // Random walks, repeated queries included.
        for walk in 0..<10 {
            let queries = (0..<30).map { _ in random.pick(all) }
            expectPositions(queries, in: fields, "seed \(seed) walk \(walk)")
        }
    }

    @Test func positionOnEmptyAndPastBothEnds() {
        expectPositions(["", "a", "\u{10FFFF}"], in: RecordFields(), "empty")
        let fields: RecordFields = ["b": .int64(1), "c": .int64(2), "d": .int64(3)]
        expectPositions(["a", "e", "a", "b", "e", "b", "d", "c", "a"], in: fields, "ends")
        var cursor = 0
        #expect(fields.position(of: "b", cursor: &cursor) == 0 && cursor == 1)
        #expect(fields.position(of: "c", cursor: &cursor) == 1 && cursor == 2)
        #expect(fields.position(of: "d", cursor: &cursor) == 2 && cursor == 3)
        #expect(fields.position(of: "e", cursor: &cursor) == nil && cursor == 3)
        #expect(fields.position(of: "b", cursor: &cursor) == 0 && cursor == 1)
    }

    @Test func searchInRangeFindsInsertionPoints() {
        let fields: RecordFields = ["b": .int64(1), "d": .int64(2), "f": .int64(3)]
        #expect(fields.search("d") == (true, 1))
        #expect(fields.search("c") == (false, 1))
        #expect(fields.search("g") == (false, 3))
        #expect(fields.search("a") == (false, 0))
        #expect(fields.search("b", in: 1..<3) == (false, 1))
        #expect(fields.search("f", in: 1..<3) == (true, 2))
    }

    @Test func appendInOrderBuildsTheSameFields() {
        var appended = RecordFields(minimumCapacity: 4)
        for key in ["", "B", "a", "e\u{301}", "\u{E9}"] { appended.appendInOrder(key, .string(key)) }
        let set = RecordFields([("\u{E9}", .string("\u{E9}")), ("a", .string("a")), ("", .string("")),
                                ("e\u{301}", .string("e\u{301}")), ("B", .string("B"))])
        #expect(appended == set)
        #expect(appended.keys.map { Array($0.utf8) } == set.keys.map { Array($0.utf8) })
    }

    // MARK: 4. FieldKeyOrder

    static func randomKey(_ random: inout SplitMix64) -> String {
        let alphabets: [[Character]] = [
            Array("ab"), Array("abcXYZ019_"), Array("ae\u{E9}\u{301}\u{1F600}\u{FFFF}\u{0}\u{7F}\u{80}"),
        ]
        let alphabet = random.pick(alphabets)
        let length = random.pick([0, 1, 2, 7, 8, 9, 15, 16, 17, 24, 40])
        return String((0..<length).map { _ in random.pick(alphabet) })
    }

    static func sign(_ value: Int) -> Int { value < 0 ? -1 : value > 0 ? 1 : 0 }

    static func byteOrder(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        if left == right { return 0 }
        return left.lexicographicallyPrecedes(right) ? -1 : 1
    }

    @Test(arguments: [UInt64(30), 31, 32, 33])
    func compareAgreesWithBytes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for step in 0..<2000 {
            let lhs = Self.randomKey(&random)
            // Often a near copy, so long shared prefixes (past the 8-byte words) get compared.
            let rhs: String
            switch Int.random(in: 0..<4, using: &random) {
            case 0: rhs = lhs
            case 1: rhs = lhs + Self.randomKey(&random)
            case 2: rhs = String(lhs.dropLast()) + Self.randomKey(&random)
            default: rhs = Self.randomKey(&random)
            }
            let expected = Self.byteOrder(lhs, rhs)
            let context = "seed \(seed) step \(step): \(lhs.debugDescription) vs \(rhs.debugDescription)"
            #expect(Self.sign(FieldKeyOrder.compare(lhs, rhs)) == expected, "\(context) compare")
            #expect(Self.sign(FieldKeyOrder.compare(rhs, lhs)) == -expected, "\(context) compare swapped")
            #expect(Self.sign(FieldKeyOrder.slowCompare(lhs, rhs)) == expected, "\(context) slowCompare")
            #expect(FieldKeyOrder.precedes(lhs, rhs) == (expected < 0), "\(context) precedes")
        }
    }

    @Test func compareEdgeCases() {
        let cases: [(String, String, Int)] = [
            ("", "", 0), ("", "a", -1), ("a", "", 1), ("a", "ab", -1), ("B", "a", -1),
            ("\u{E9}", "e\u{301}", 1), ("e\u{301}", "\u{E9}", -1), ("\u{E9}", "\u{E9}", 0),
            ("field10", "field2", -1), ("\u{7F}", "\u{80}", -1), ("\u{FFFF}", "\u{1F600}", -1),
            ("abcdefgh", "abcdefgh", 0), ("abcdefgh", "abcdefgi", -1), ("abcdefghX", "abcdefgh", 1),
            (String(repeating: "x", count: 17), String(repeating: "x", count: 16) + "y", -1),
            (String(repeating: "\u{E9}", count: 9), String(repeating: "\u{E9}", count: 9), 0),
        ]
        for (lhs, rhs, expected) in cases {
            #expect(Self.byteOrder(lhs, rhs) == expected, "reference \(lhs.debugDescription) \(rhs.debugDescription)")
            #expect(Self.sign(FieldKeyOrder.compare(lhs, rhs)) == expected, "\(lhs.debugDescription) \(rhs.debugDescription)")
            #expect(Self.sign(FieldKeyOrder.slowCompare(lhs, rhs)) == expected, "slow \(lhs.debugDescription)")
        }
    }

    @Test func compareBridgedStrings() {
        // NSString-backed strings may lack contiguous UTF-8 and then take the slow path; either way the order holds.
        let pairs = [("\u{E9}", "e\u{301}"), ("field10", "field2"), ("abc", "abc"), (String(repeating: "q", count: 20), "q")]
        for (lhs, rhs) in pairs {
            let bridgedLeft = NSString(string: lhs) as String, bridgedRight = NSString(string: rhs) as String
            let expected = Self.byteOrder(lhs, rhs)
            #expect(Self.sign(FieldKeyOrder.compare(bridgedLeft, bridgedRight)) == expected)
            #expect(Self.sign(FieldKeyOrder.compare(bridgedLeft, rhs)) == expected)
            #expect(Self.sign(FieldKeyOrder.slowCompare(bridgedLeft, bridgedRight)) == expected)
        }
    }

    // MARK: 5. Native archive with keys that differ only in normalisation

    @Test func nativeArchiveKeepsNfcAndNfdKeysApart() throws {
        let record = Record(
            recordType: "Note",
            id: RecordID(recordName: "n1"),
            fields: ["\u{E9}": .string("nfc"), "e\u{301}": .string("nfd"), "a": .int64(1)],
            encryptedFields: ["E\u{301}": .int64(2), "\u{C9}": .int64(3)]
        )
        #expect(record.fields.count == 3)
        let bytes = NativeArchive.encode(record)
        let decoded = try NativeArchive.decodeRecord(bytes)
        #expect(decoded == record)
        #expect(decoded.fields.count == 3)
        #expect(decoded.fields["\u{E9}"] == .string("nfc"))
        #expect(decoded.fields["e\u{301}"] == .string("nfd"))
        #expect(decoded.encryptedFields["\u{C9}"] == .int64(3))
        #expect(decoded.encryptedFields["E\u{301}"] == .int64(2))
        #expect(decoded.fields.keys.map { Array($0.utf8) } == [[0x61], [0x65, 0xCC, 0x81], [0xC3, 0xA9]])
        #expect(NativeArchive.encode(decoded) == bytes)
    }
}
