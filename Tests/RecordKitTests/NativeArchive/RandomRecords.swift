import Foundation
@testable import RecordKit

/// Random records over every field kind and list kind, with the awkward values that break codecs.
struct RandomRecords {
    var rng: SplitMix64

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    private static let strings = [
        "", "a", "note", "héllo wörld", "日本語のテキスト", "👩‍👩‍👧‍👦🏳️‍🌈", "e\u{301}", "\u{10FFFF}", "tab\tnew\nline",
        "\u{0}nul", String(repeating: "x", count: 300),
    ]

    mutating func string() -> String {
        if rng.chance(70) { return rng.pick(Self.strings) }
        let length = Int.random(in: 0...40, using: &rng)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF]
            let range = rng.pick(ranges)
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    mutating func hugeString() -> String {
        String(repeating: "ü🙂a", count: Int.random(in: 10_000...40_000, using: &rng))
    }

    mutating func int64() -> Int64 {
        rng.chance(40) ? rng.pick([0, 1, -1, Int64.min, Int64.max, 127, 128, -64, -65]) : Int64(bitPattern: rng.next())
    }

    mutating func double() -> Double {
        let specials: [Double] = [
            .nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF8_0000_DEAD_BEEF), .infinity, -.infinity, 0, -0.0,
            .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNormalMagnitude, 1e-300, 3.141592653589793,
        ]
        return rng.chance(50) ? rng.pick(specials) : Double(bitPattern: rng.next())
    }

    /// Dates before 1970, far in the future, fractional, and (in fields only) NaN.
    mutating func date(allowNaN: Bool) -> Date {
        var choices: [Double] = [
            -1e10, -62_135_596_800, -978_307_200, 0, 1e12, 32_503_680_000, 0.001, -0.5,
            Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate,
            Double(Int64.random(in: -4_000_000_000...4_000_000_000, using: &rng)) + 0.123,
        ]
        if allowNaN { choices += [.nan, .infinity, -.infinity] }
        return Date(timeIntervalSinceReferenceDate: rng.pick(choices))
    }

    mutating func data(huge: Bool = false) -> Data {
        let count = huge ? Int.random(in: 100_000...300_000, using: &rng) : rng.pick([0, 1, 3, 16, 200])
        var bytes = [UInt8](repeating: 0, count: count)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: rng.next()) }
        return Data(bytes)
    }

    mutating func zoneID() -> RecordZoneID {
        rng.chance(30) ? .default : RecordZoneID(zoneName: string(), ownerName: string())
    }

    mutating func recordID() -> RecordID {
        RecordID(recordName: string(), zoneID: zoneID())
    }

    mutating func reference() -> Reference {
        Reference(recordID: recordID(), action: rng.pick(Reference.Action.allCases))
    }

    mutating func optional<T>(_ make: (inout RandomRecords) -> T) -> T? {
        rng.chance(50) ? make(&self) : nil
    }

    mutating func asset() -> Asset {
        let urls = [
            URL(fileURLWithPath: "/tmp/notes/a b/é.txt"), URL(fileURLWithPath: "/var/x"),
            URL(string: "https://example.com/a?b=c#d"), URL(string: "file:///tmp/%F0%9F%99%82"),
        ].compactMap { $0 }
        let fileURL = optional { $0.rng.pick(urls) }
        var fileChecksum = optional { $0.string() }
        if fileURL == nil, fileChecksum == nil { fileChecksum = "checksum" }
        let size = optional { Int64.random(in: 0...Int64.max, using: &$0.rng) }
        do {
            return try Asset(
                fileURL: fileURL, fileChecksum: fileChecksum, size: size, referenceChecksum: optional { $0.string() },
                wrappingKey: optional { $0.string() }, receipt: optional { $0.string() }, downloadURL: optional { $0.string() }
            )
        } catch {
            return Asset(fileURL: URL(fileURLWithPath: "/unreachable"))
        }
    }

    mutating func location() -> Location {
        let finite: (inout RandomRecords) -> Double = { $0.rng.pick([0, -0.0, 1e300, -12.5, 8848.86, 1e-9]) }
        do {
            return try Location(
                latitude: Double.random(in: -90...90, using: &rng), longitude: Double.random(in: -180...180, using: &rng),
                altitude: optional(finite), horizontalAccuracy: optional(finite), verticalAccuracy: optional(finite),
                speed: optional(finite), course: optional(finite), timestamp: optional { $0.date(allowNaN: false) }
            )
        } catch {
            return (try? Location(latitude: 0, longitude: 0)) ?? location()
        }
    }

    mutating func list(of kind: FieldKind) -> FieldList {
        let count = rng.pick([0, 1, 2, 5])
        switch kind {
        case .string: return .string((0..<count).map { _ in string() })
        case .int64: return .int64((0..<count).map { _ in int64() })
        case .double: return .double((0..<count).map { _ in double() })
        case .timestamp: return .timestamp((0..<count).map { _ in date(allowNaN: true) })
        case .bytes: return .bytes((0..<count).map { _ in data() })
        case .asset: return .asset((0..<count).map { _ in asset() })
        case .reference: return .reference((0..<count).map { _ in reference() })
        case .location, .list: return .location((0..<count).map { _ in location() })
        }
    }

    mutating func value(of kind: FieldKind) -> FieldValue {
        switch kind {
        case .string: .string(rng.chance(3) ? hugeString() : string())
        case .int64: .int64(int64())
        case .double: .double(double())
        case .timestamp: .timestamp(date(allowNaN: true))
        case .bytes: .bytes(data(huge: rng.chance(3)))
        case .asset: .asset(asset())
        case .reference: .reference(reference())
        case .location: .location(location())
        case .list: .list(list(of: rng.pick(FieldKind.allCases)))
        }
    }

    mutating func fields(maximum: Int) -> RecordFields {
        var fields = RecordFields()
        for _ in 0..<Int.random(in: 0...maximum, using: &rng) {
            fields[string()] = value(of: rng.pick(FieldKind.allCases))
        }
        return fields
    }

    mutating func systemFields() -> SystemFields {
        SystemFields(
            changeTag: optional { $0.string() }, creationDate: optional { $0.date(allowNaN: false) },
            creatorUserRecordName: optional { $0.string() }, modificationDate: optional { $0.date(allowNaN: false) },
            lastModifiedUserRecordName: optional { $0.string() }, modifiedByDevice: optional { $0.string() },
            parent: optional { $0.reference() }, share: optional { $0.reference() }
        )
    }

    mutating func record() -> Record {
        Record(
            recordType: string(), id: recordID(), fields: fields(maximum: 12), encryptedFields: fields(maximum: 3),
            system: systemFields()
        )
    }
}
