import Foundation
import Testing
@testable import RecordKit

/// Round trips over many generated values: what we write, we (and Foundation) read back unchanged.
@Suite struct KeyedArchiveRoundTripTests {
    /// A small deterministic generator, so a failure names a reproducible seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    static func text(_ generator: inout SeededGenerator) -> String {
        let alphabet = Array("abcXYZ019_-. é’日本😀")
        let count = Int.random(in: 0...40, using: &generator)
        return String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    static func optionalText(_ generator: inout SeededGenerator) -> String? {
        Bool.random(using: &generator) ? text(&generator) : nil
    }

    static func date(_ generator: inout SeededGenerator) -> Date? {
        Bool.random(using: &generator) ? Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &generator)) : nil
    }

    static func reference(_ generator: inout SeededGenerator) -> Reference? {
        guard Bool.random(using: &generator) else { return nil }
        let zone = RecordZoneID(zoneName: text(&generator), ownerName: text(&generator))
        return Reference(recordID: RecordID(recordName: text(&generator), zoneID: zone),
                         action: Bool.random(using: &generator) ? .deleteSelf : .none)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func systemFieldsRoundTrip(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        for _ in 0..<50 {
            let zone = RecordZoneID(zoneName: Self.text(&generator), ownerName: Self.text(&generator))
            let record = Record(
                recordType: Self.text(&generator),
                id: RecordID(recordName: Self.text(&generator), zoneID: zone),
                system: SystemFields(
                    changeTag: Self.optionalText(&generator), creationDate: Self.date(&generator),
                    creatorUserRecordName: Self.optionalText(&generator), modificationDate: Self.date(&generator),
                    lastModifiedUserRecordName: Self.optionalText(&generator), modifiedByDevice: Self.optionalText(&generator),
                    parent: Self.reference(&generator), share: Self.reference(&generator)
                )
            )
            let data = KeyedArchive.encodeSystemFields(of: record)
            #expect(try KeyedArchive.decodeRecord(data) == record, "seed \(seed)")
            // The plist layer alone round-trips our output to the same bytes.
            #expect(BinaryPropertyList.encode(try BinaryPropertyList.decode(data)) == data)
        }
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func tokensRoundTripThroughUsAndFoundation(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        for _ in 0..<50 {
            let count = Int.random(in: 0...300, using: &generator)
            let token = ServerChangeToken(data: Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
            let data = KeyedArchive.encodeChangeToken(token)
            #expect(try KeyedArchive.decodeChangeToken(data) == token)
            let foundation = try foundationUnarchiver(data)
                .decodeObject(of: StandInChangeToken.self, forKey: NSKeyedArchiveRootObjectKey)
            #expect(foundation?.tokenData == token.data, "seed \(seed)")
        }
    }
}
