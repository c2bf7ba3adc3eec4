import Foundation

/// Writes a binary plist. Objects are numbered depth first (a container, then its keys, then its values,
/// as Apple's writer does); equal scalars share one object; sizes are the smallest that fit.
struct BinaryPropertyListWriter {
    private enum FlatObject {
        case scalar(PropertyListValue)
        case array([Int])
        case set([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private var objects: [FlatObject] = []
    private var scalarIndex: [PropertyListValue: Int] = [:]
    private var output: [UInt8] = []

    mutating func write(_ value: PropertyListValue) -> Data {
        objects.removeAll()
        scalarIndex.removeAll()
        _ = flatten(value)
        let referenceSize = Self.byteCount(UInt64(max(objects.count - 1, 0)))
        output = Array("bplist00".utf8)
        output.reserveCapacity(objects.count * 8 + 64)
        var offsets = [Int]()
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(output.count)
            emit(object, referenceSize: referenceSize)
        }
        let tableStart = output.count
        let offsetSize = Self.byteCount(UInt64(tableStart))
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize) }
        output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(objects.count), size: 8)
        appendBigEndian(0, size: 8)
        appendBigEndian(UInt64(tableStart), size: 8)
        return Data(output)
    }

    /// Bytes needed for an unsigned value: 1, 2, 4 or 8.
    private static func byteCount(_ value: UInt64) -> Int {
        if value <= 0xff { return 1 }
        if value <= 0xffff { return 2 }
        if value <= 0xffff_ffff { return 4 }
        return 8
    }

    private mutating func flatten(_ value: PropertyListValue) -> Int {
        switch value {
        case let .array(elements), let .set(elements):
            let index = objects.count
            objects.append(.array([]))
            let children = elements.map { flatten($0) }
            if case .set = value { objects[index] = .set(children) } else { objects[index] = .array(children) }
            return index
        case let .dictionary(dictionary):
            let index = objects.count
            objects.append(.array([]))
            let keys = dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let keyIndexes = keys.map { flatten(.string($0)) }
            let valueIndexes = keys.map { key in flatten(dictionary[key] ?? .null) }
            objects[index] = .dictionary(keys: keyIndexes, values: valueIndexes)
            return index
        default:
            if let index = scalarIndex[value] { return index }
            let index = objects.count
            objects.append(.scalar(value))
            scalarIndex[value] = index
            return index
        }
    }

    private mutating func emit(_ object: FlatObject, referenceSize: Int) {
        switch object {
        case let .scalar(value): emitScalar(value)
        case let .array(children):
            emitHeader(0xa0, count: children.count)
            for child in children { appendBigEndian(UInt64(child), size: referenceSize) }
        case let .set(children):
            emitHeader(0xc0, count: children.count)
            for child in children { appendBigEndian(UInt64(child), size: referenceSize) }
        case let .dictionary(keys, values):
            emitHeader(0xd0, count: keys.count)
            for child in keys { appendBigEndian(UInt64(child), size: referenceSize) }
            for child in values { appendBigEndian(UInt64(child), size: referenceSize) }
        }
    }

    private mutating func emitScalar(_ value: PropertyListValue) {
        switch value {
        case .null: output.append(0x00)
        case let .bool(flag): output.append(flag ? 0x09 : 0x08)
        case let .integer(number): emitInteger(number)
        case let .unsignedInteger(number):
            output.append(0x14)
            appendBigEndian(0, size: 8)
            appendBigEndian(number, size: 8)
        case let .real(number):
            output.append(0x23)
            appendBigEndian(number.bitPattern, size: 8)
        case let .date(seconds):
            output.append(0x33)
            appendBigEndian(seconds.bitPattern, size: 8)
        case let .data(bytes):
            emitHeader(0x40, count: bytes.count)
            output.append(contentsOf: bytes)
        case let .string(text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                emitHeader(0x50, count: text.utf8.count)
                output.append(contentsOf: text.utf8)
            } else {
                let units = Array(text.utf16)
                emitHeader(0x60, count: units.count)
                for unit in units { appendBigEndian(UInt64(unit), size: 2) }
            }
        case let .uid(number):
            let size = Self.byteCount(number)
            output.append(0x80 | UInt8(size - 1))
            appendBigEndian(number, size: size)
        case .array, .set, .dictionary:
            break // Containers are flattened, never emitted as scalars.
        }
    }

    private mutating func emitInteger(_ number: Int64) {
        let size = number < 0 ? 8 : Self.byteCount(UInt64(number))
        output.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: number), size: size)
    }

    private mutating func emitHeader(_ marker: UInt8, count: Int) {
        if count < 15 {
            output.append(marker | UInt8(count))
        } else {
            output.append(marker | 0x0f)
            emitInteger(Int64(count))
        }
    }

    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
