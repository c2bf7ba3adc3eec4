import Foundation

/// Reads the objects of a binary plist from raw bytes. Used only inside ``BinaryPropertyList/decode(_:)``.
struct BinaryPropertyListReader {
    private static let headerLength = 8
    private static let trailerLength = 32

    private let bytes: UnsafeRawBufferPointer
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let offsetTableStart: Int
    /// Objects on the path being read, to refuse cycles.
    private var inProgress: [Bool]
    /// How many more values may be produced; bounds the work of graphs that share containers.
    private var budget: Int
    private let budgetLimit: Int

    init(bytes: UnsafeRawBufferPointer) throws(PropertyListError) {
        let length = bytes.count
        guard length >= Self.headerLength + 1 + Self.trailerLength,
              bytes.starts(with: "bplist00".utf8)
        else { throw .notBinaryPropertyList(length: length) }
        let trailer = length - Self.trailerLength
        self.bytes = bytes
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize) else {
            throw .invalidTrailer(offset: trailer + 6, reason: "offset size \(offsetSize) is not 1...8")
        }
        guard (1...8).contains(referenceSize) else {
            throw .invalidTrailer(offset: trailer + 7, reason: "object reference size \(referenceSize) is not 1...8")
        }
        guard count >= 1, count <= UInt64(length) else {
            throw .invalidTrailer(offset: trailer + 8, reason: "object count \(count) is impossible for \(length) bytes")
        }
        guard top < count else {
            throw .invalidTrailer(offset: trailer + 16, reason: "top object \(top) is not below the object count \(count)")
        }
        guard table >= UInt64(Self.headerLength), table <= UInt64(trailer),
              UInt64(trailer) - table >= count * UInt64(offsetSize)
        else {
            throw .invalidTrailer(offset: trailer + 24, reason: "offset table at \(table) does not fit before the trailer")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(table)
        inProgress = [Bool](repeating: false, count: objectCount)
        budgetLimit = 2 * length + 1024
        budget = budgetLimit
    }

    mutating func readTop() throws(PropertyListError) -> PropertyListValue {
        try readObject(topObject, depth: 0)
    }

    /// Big-endian unsigned integer of `size` (1...8) bytes; the caller checked the range.
    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private func offset(ofObject object: Int) throws(PropertyListError) -> Int {
        let entry = offsetTableStart + object * offsetSize
        let target = Self.bigEndian(bytes, at: entry, size: offsetSize)
        guard target >= UInt64(Self.headerLength), target < UInt64(offsetTableStart) else {
            throw .objectOffsetOutOfRange(object: object, offset: entry, target: target)
        }
        return Int(target)
    }

    /// Checks that `count` bytes from `start` lie inside the object area.
    private func require(_ count: Int, from start: Int, object: Int) throws(PropertyListError) {
        guard count >= 0, start <= offsetTableStart, count <= offsetTableStart - start else {
            throw .truncatedObject(offset: object, needed: count)
        }
    }

    private mutating func readObject(_ object: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        let start = try offset(ofObject: object)
        budget -= 1
        guard budget >= 0 else { throw .tooManyValues(offset: start, limit: budgetLimit) }
        let marker = bytes[start]
        let low = Int(marker & 0x0f)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw .unknownMarker(offset: start, marker: marker)
            }
        case 0x1:
            return try readInteger(at: start, sizeExponent: low)
        case 0x2:
            guard low == 2 || low == 3 else { throw .unknownMarker(offset: start, marker: marker) }
            let size = 1 << low
            try require(size + 1, from: start, object: start)
            let bits = Self.bigEndian(bytes, at: start + 1, size: size)
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits))
        case 0x3:
            guard marker == 0x33 else { throw .unknownMarker(offset: start, marker: marker) }
            try require(9, from: start, object: start)
            return .date(Double(bitPattern: Self.bigEndian(bytes, at: start + 1, size: 8)))
        case 0x4:
            let (count, body) = try readCount(at: start, low: low)
            try require(count, from: body, object: start)
            return .data(Data(bytes[body..<(body + count)]))
        case 0x5:
            let (count, body) = try readCount(at: start, low: low)
            try require(count, from: body, object: start)
            return .string(Self.asciiString(bytes[body..<(body + count)]))
        case 0x6:
            let (count, body) = try readCount(at: start, low: low)
            guard count <= (offsetTableStart - body) / 2 else { throw .truncatedObject(offset: start, needed: count * 2) }
            var units = [UInt16]()
            units.reserveCapacity(count)
            for index in 0..<count { units.append(UInt16(Self.bigEndian(bytes, at: body + 2 * index, size: 2))) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            let size = low + 1
            guard size <= 8 else { throw .unknownMarker(offset: start, marker: marker) }
            try require(size + 1, from: start, object: start)
            return .uid(Self.bigEndian(bytes, at: start + 1, size: size))
        case 0xa, 0xc:
            let elements = try readContainer(object, at: start, low: low, references: 1, depth: depth)
            return marker >> 4 == 0xa ? .array(elements) : .set(elements)
        case 0xd:
            let both = try readContainer(object, at: start, low: low, references: 2, depth: depth)
            let count = both.count / 2
            var dictionary = [String: PropertyListValue](minimumCapacity: count)
            for index in 0..<count {
                guard case let .string(key) = both[index] else {
                    throw .nonStringKey(offset: start, type: both[index].typeName)
                }
                dictionary[key] = both[count + index]
            }
            return .dictionary(dictionary)
        default:
            throw .unknownMarker(offset: start, marker: marker)
        }
    }

    private func readInteger(at start: Int, sizeExponent: Int) throws(PropertyListError) -> PropertyListValue {
        guard sizeExponent <= 4 else { throw .unknownMarker(offset: start, marker: bytes[start]) }
        let size = 1 << sizeExponent
        try require(size + 1, from: start, object: start)
        switch size {
        case 1, 2, 4: return .integer(Int64(Self.bigEndian(bytes, at: start + 1, size: size)))
        case 8: return .integer(Int64(bitPattern: Self.bigEndian(bytes, at: start + 1, size: 8)))
        default:
            let high = Self.bigEndian(bytes, at: start + 1, size: 8)
            let low = Self.bigEndian(bytes, at: start + 9, size: 8)
            if high == 0 {
                return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low)
            }
            if high == UInt64.max, low > UInt64(Int64.max) { return .integer(Int64(bitPattern: low)) }
            throw .integerOutOfRange(offset: start)
        }
    }

    /// Reads the count of a data, string or container object: in the marker's low nibble, or an integer
    /// object after it when the nibble is 0xf. Returns the count and where the body starts.
    private func readCount(at start: Int, low: Int) throws(PropertyListError) -> (Int, Int) {
        if low != 0x0f { return (low, start + 1) }
        try require(2, from: start, object: start)
        let intMarker = bytes[start + 1]
        guard intMarker >> 4 == 0x1, intMarker & 0x0f <= 3 else {
            throw .invalidCount(offset: start + 1, reason: "expected an integer marker, found 0x\(String(intMarker, radix: 16))")
        }
        let size = 1 << Int(intMarker & 0x0f)
        try require(size + 2, from: start, object: start)
        let count = Self.bigEndian(bytes, at: start + 2, size: size)
        guard count <= UInt64(offsetTableStart) else {
            throw .invalidCount(offset: start + 1, reason: "count \(count) is larger than the whole plist")
        }
        return (Int(count), start + 2 + size)
    }

    /// Reads `count * references` object references and the objects they name.
    private mutating func readContainer(
        _ object: Int, at start: Int, low: Int, references: Int, depth: Int
    ) throws(PropertyListError) -> [PropertyListValue] {
        guard depth < BinaryPropertyList.maximumDepth else {
            throw .tooDeep(offset: start, limit: BinaryPropertyList.maximumDepth)
        }
        guard !inProgress[object] else { throw .cycle(offset: start) }
        let (count, body) = try readCount(at: start, low: low)
        guard count <= (offsetTableStart - body) / (referenceSize * references) else {
            throw .truncatedObject(offset: start, needed: count * referenceSize * references)
        }
        inProgress[object] = true
        defer { inProgress[object] = false }
        var values = [PropertyListValue]()
        values.reserveCapacity(count * references)
        for index in 0..<(count * references) {
            let position = body + index * referenceSize
            let reference = Self.bigEndian(bytes, at: position, size: referenceSize)
            guard reference < UInt64(objectCount) else {
                throw .referenceOutOfRange(offset: position, reference: reference, objectCount: objectCount)
            }
            values.append(try readObject(Int(reference), depth: depth + 1))
        }
        return values
    }

    /// ASCII strings; a byte above 0x7f (not written by Apple) is read as Latin-1 rather than refused.
    private static func asciiString(_ slice: Slice<UnsafeRawBufferPointer>) -> String {
        if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
        return String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) }))
    }
}
