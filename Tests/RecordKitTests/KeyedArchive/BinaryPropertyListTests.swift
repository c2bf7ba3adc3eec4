import Foundation
import Testing
@testable import RecordKit

@Suite struct BinaryPropertyListTests {
    static let everyType: PropertyListValue = .dictionary([
        "null": .null,
        "yes": .bool(true),
        "no": .bool(false),
        "small": .integer(7),
        "byte": .integer(255),
        "short": .integer(65_535),
        "int": .integer(4_000_000_000),
        "long": .integer(Int64.max),
        "negative": .integer(-1),
        "min": .integer(Int64.min),
        "unsigned": .unsignedInteger(UInt64.max),
        "real": .real(-2.5),
        "nan": .real(.nan),
        "date": .date(523_319_906.484),
        "data": .data(Data((0..<40).map { UInt8($0) })),
        "empty": .data(Data()),
        "ascii": .string("QSCompany.1739C6A5-C07E-48A5-B83E-AB07694F23DF"),
        "utf16": .string("Manuel\u{2019}s MacBook Air \u{1F600}"),
        "uid": .uid(300),
        "array": .array([.integer(1), .string("two"), .array([])]),
        "set": .set([.string("a"), .string("b")]),
        "nested": .dictionary(["k": .uid(0)]),
    ])

    @Test func everyTypeRoundTrips() throws {
        let data = BinaryPropertyList.encode(Self.everyType)
        #expect(data.starts(with: Array("bplist00".utf8)))
        #expect(try BinaryPropertyList.decode(data) == Self.everyType)
    }

    @Test func equalScalarsAreWrittenOnce() throws {
        let repeated = PropertyListValue.array(Array(repeating: .string("__defaultOwner__"), count: 100))
        let data = BinaryPropertyList.encode(repeated)
        // One array, one string: the string's 17 bytes appear once.
        #expect(data.count < 8 + 1 + 100 + 18 + 2 + 32 + 10)
        #expect(try BinaryPropertyList.decode(data) == repeated)
    }

    @Test func sizesAreMinimal() {
        let small = BinaryPropertyList.encode(.array([.integer(1)]))
        // Trailer: offset size 1, reference size 1.
        #expect(small[small.count - 26] == 1 && small[small.count - 25] == 1)
        let many = BinaryPropertyList.encode(.array((0..<300).map { PropertyListValue.integer(Int64($0)) }))
        #expect(many[many.count - 25] == 2)
        #expect(many[many.count - 26] == 2)
        // 7 is written in one byte after the marker 0x10.
        #expect(BinaryPropertyList.encode(.integer(7))[8...9] == Data([0x10, 0x07]))
        #expect(BinaryPropertyList.encode(.integer(-1))[8] == 0x13)
    }

    @Test func readsFloatsAnd16ByteIntegersWrittenByOthers() throws {
        // A real32 (1.5) and a 16-byte integer (-2), hand-assembled.
        let float = Self.single([0x22, 0x3f, 0xc0, 0x00, 0x00])
        #expect(try BinaryPropertyList.decode(float) == .real(1.5))
        let wide = Self.single([0x14] + Array(repeating: 0xff, count: 15) + [0xfe])
        #expect(try BinaryPropertyList.decode(wide) == .integer(-2))
        let tooWide = Self.single([0x14, 0x01] + Array(repeating: 0, count: 15))
        #expect(throws: PropertyListError.integerOutOfRange(offset: 8)) { try BinaryPropertyList.decode(tooWide) }
    }

    @Test func refusesWhatIsNotABinaryPlist() {
        #expect(throws: PropertyListError.notBinaryPropertyList(length: 5)) { try BinaryPropertyList.decode(Data("hello".utf8)) }
        let xml = Data(("<?xml version=\"1.0\"?><plist><dict/></plist>" + String(repeating: " ", count: 20)).utf8)
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(xml) }
    }

    @Test func refusesBadTrailers() {
        var data = BinaryPropertyList.encode(.string("x"))
        data[data.count - 26] = 0 // offset size
        #expect(throws: PropertyListError.invalidTrailer(offset: data.count - 26, reason: "offset size 0 is not 1...8")) {
            try BinaryPropertyList.decode(data)
        }
        var top = BinaryPropertyList.encode(.string("x"))
        top[top.count - 9] = 5 // top object 5 of 1
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(top) }
        var count = BinaryPropertyList.encode(.string("x"))
        count.replaceSubrange((count.count - 24)..<(count.count - 16), with: Array(repeating: 0xff, count: 8))
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(count) }
    }

    @Test func refusesReferencesOutOfRange() throws {
        // An array of one element whose reference (5) names no object.
        let data = Self.objects([[0xa1, 0x05]])
        #expect(throws: PropertyListError.referenceOutOfRange(offset: 9, reference: 5, objectCount: 1)) {
            try BinaryPropertyList.decode(data)
        }
    }

    @Test func refusesCycles() {
        // Object 0: an array holding object 0.
        #expect(throws: PropertyListError.cycle(offset: 8)) { try BinaryPropertyList.decode(Self.objects([[0xa1, 0x00]])) }
    }

    @Test func refusesDeepNesting() {
        // 600 arrays, each holding the next.
        let depth = 600
        var objects: [[UInt8]] = (1..<depth).map { next in [0xa1, UInt8(next >> 8), UInt8(next & 0xff)] }
        objects.append([0xa0])
        let data = Self.objects(objects, referenceSize: 2)
        #expect(throws: PropertyListError.tooDeep(offset: 8 + 3 * BinaryPropertyList.maximumDepth, limit: BinaryPropertyList.maximumDepth)) {
            try BinaryPropertyList.decode(data)
        }
    }

    @Test func refusesExponentialSharing() {
        // 40 arrays, each holding the next one twice: 2^40 values if expanded.
        var objects: [[UInt8]] = (0..<39).map { [0xa2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(Self.objects(objects)) }
    }

    @Test func refusesHugeCounts() {
        // Data claiming 2^62 bytes, and an array claiming 2^31 elements.
        let data = Self.single([0x4f, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0])
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(data) }
        let array = Self.single([0xaf, 0x12, 0x80, 0, 0, 0])
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(array) }
    }

    @Test func refusesNonStringKeysAndUnknownMarkers() {
        // A dictionary whose key is the integer object 1.
        let dictionary = Self.objects([[0xd1, 0x01, 0x01], [0x10, 0x01]])
        #expect(throws: PropertyListError.nonStringKey(offset: 8, type: "integer")) { try BinaryPropertyList.decode(dictionary) }
        #expect(throws: PropertyListError.unknownMarker(offset: 8, marker: 0x70)) { try BinaryPropertyList.decode(Self.single([0x70])) }
    }

    // MARK: - Hand-assembled plists

    /// One object (the top) from raw bytes.
    static func single(_ object: [UInt8]) -> Data { objects([object]) }

    /// Objects from raw bytes, numbered in order, object 0 on top.
    static func objects(_ objects: [[UInt8]], referenceSize: Int = 1) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xff)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, UInt8(referenceSize)]
        bytes += bigEndian(UInt64(objects.count)) + bigEndian(0) + bigEndian(UInt64(table))
        return Data(bytes)
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }
}
