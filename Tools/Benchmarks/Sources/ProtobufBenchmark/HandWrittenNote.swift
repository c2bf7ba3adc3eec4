import Foundation
import RecordKit

/// A hand-written codec of the note's fields, writing exactly the native archive bytes `NativeArchive.encode`
/// writes for `NoteValues.record` (the benchmark checks that) and reading them back into `NoteValues`: the
/// floor a generated model's direct archive can approach. It knows the shape, so it sizes the archive first,
/// allocates once, and checks only what the shape leaves open.
enum HandWrittenNote {
    static let header: [UInt8] = [0x89, 0x52, 0x4B, 0x41, 0x02, 0x01]
    // The field keys in byte order, the order the archive keeps them in.
    static let keys: [StaticString] = ["attachment", "count", "folder", "ratio", "tags", "text"]
    static let systemPresence: UInt8 = 0x1F  // change tag, creation date, creator, modification date, modifier

    static func encode(_ note: NoteValues) -> Data {
        var size = header.count + 8 + stringSize(note.recordName) + stringSize(note.zoneName) * 2
            + stringSize(note.ownerName) * 4 + 1 + stringSize(note.changeTag) + 16 + stringSize("Note")
        size += 1 + keys.reduce(0) { $0 + 1 + $1.utf8CodeUnitCount } + 6 + 1
        size += varintSize(UInt64(note.attachment.count)) + note.attachment.count
        size += varintSize(zigzag(note.count))
        size += stringSize(note.folderName) + 1
        size += 8
        size += 1 + note.tags.reduce(0) { $0 + stringSize($1) }
        size += stringSize(note.text)
        let base = malloc(size)!
        do {
            var out = Output(base: base)
            for byte in header { out.byte(byte) }
            out.string("Note")
            out.string(note.recordName)
            out.string(note.zoneName)
            out.string(note.ownerName)
            out.byte(systemPresence)
            out.string(note.changeTag)
            out.fixed64(note.created.timeIntervalSinceReferenceDate.bitPattern)
            out.string(note.ownerName)
            out.fixed64(note.modified.timeIntervalSinceReferenceDate.bitPattern)
            out.string(note.ownerName)
            out.byte(6)
            out.key(0)
            out.byte(0x05)
            out.varint(UInt64(note.attachment.count))
            note.attachment.withUnsafeBytes { out.raw($0) }
            out.key(1)
            out.byte(0x02)
            out.varint(zigzag(note.count))
            out.key(2)
            out.byte(0x07)
            out.string(note.folderName)
            out.string(note.zoneName)
            out.string(note.ownerName)
            out.byte(0x01)
            out.key(3)
            out.byte(0x03)
            out.fixed64(note.ratio.bitPattern)
            out.key(4)
            out.byte(0x41)
            out.varint(UInt64(note.tags.count))
            for tag in note.tags { out.string(tag) }
            out.key(5)
            out.byte(0x01)
            out.string(note.text)
            out.byte(0)  // no encrypted fields
            let payload = Data(bytesNoCopy: base, count: out.position, deallocator: .none)
            out.fixed64(NativeArchive.checksum(payload))
            precondition(out.position == size, "the size computed for the hand-written archive is wrong")
        }
        return Data(bytesNoCopy: base, count: size, deallocator: .free)
    }

    static func decode(_ data: Data) throws -> NoteValues {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws -> NoteValues in
            guard buffer.count >= header.count + 8, let base = buffer.baseAddress else { throw HandWrittenError.bad(0) }
            let end = buffer.count - 8
            let stored = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end, as: UInt64.self))
            guard stored == NativeArchive.checksum(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: end, deallocator: .none))
            else { throw HandWrittenError.bad(end) }
            var input = Input(base: base, position: 0, end: end)
            for byte in header { try input.expect(byte) }
            guard try input.string() == "Note" else { throw HandWrittenError.bad(input.position) }
            let recordName = try input.string()
            let zoneName = try input.string()
            let ownerName = try input.string()
            try input.expect(systemPresence)
            let changeTag = try input.string()
            let created = Date(timeIntervalSinceReferenceDate: Double(bitPattern: try input.fixed64()))
            _ = try input.string()
            let modified = Date(timeIntervalSinceReferenceDate: Double(bitPattern: try input.fixed64()))
            _ = try input.string()
            try input.expect(6)
            try input.key(0)
            try input.expect(0x05)
            let attachment = try input.data()
            try input.key(1)
            try input.expect(0x02)
            let raw = try input.varint()
            let count = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
            try input.key(2)
            try input.expect(0x07)
            let folderName = try input.string()
            _ = try input.string()
            _ = try input.string()
            try input.expect(0x01)
            try input.key(3)
            try input.expect(0x03)
            let ratio = Double(bitPattern: try input.fixed64())
            try input.key(4)
            try input.expect(0x41)
            let tagCount = try input.varint()
            guard tagCount <= UInt64(input.end - input.position) else { throw HandWrittenError.bad(input.position) }
            var tags: [String] = []
            tags.reserveCapacity(Int(tagCount))
            for _ in 0..<tagCount { tags.append(try input.string()) }
            try input.key(5)
            try input.expect(0x01)
            let text = try input.string()
            try input.expect(0)
            guard input.position == end else { throw HandWrittenError.bad(input.position) }
            return NoteValues(
                recordName: recordName, zoneName: zoneName, ownerName: ownerName, changeTag: changeTag,
                created: created, modified: modified, text: text, count: count, tags: tags, ratio: ratio,
                attachment: attachment, folderName: folderName
            )
        }
    }

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    static func varintSize(_ value: UInt64) -> Int { value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7 }

    static func stringSize(_ value: String) -> Int {
        let count = value.utf8.count
        return varintSize(UInt64(count)) + count
    }

    struct Output {
        let base: UnsafeMutableRawPointer
        var position = 0

        mutating func byte(_ value: UInt8) {
            base.storeBytes(of: value, toByteOffset: position, as: UInt8.self)
            position += 1
        }

        mutating func varint(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                byte(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            byte(UInt8(value))
        }

        mutating func fixed64(_ value: UInt64) {
            base.storeBytes(of: value.littleEndian, toByteOffset: position, as: UInt64.self)
            position += 8
        }

        mutating func raw(_ bytes: UnsafeRawBufferPointer) {
            guard let source = bytes.baseAddress else { return }
            (base + position).copyMemory(from: source, byteCount: bytes.count)
            position += bytes.count
        }

        mutating func string(_ value: String) {
            var value = value
            value.withUTF8 { bytes in
                varint(UInt64(bytes.count))
                raw(UnsafeRawBufferPointer(bytes))
            }
        }

        mutating func key(_ index: Int) {
            let key = HandWrittenNote.keys[index]
            varint(UInt64(key.utf8CodeUnitCount))
            raw(UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        }
    }

    struct Input {
        let base: UnsafeRawPointer
        var position: Int
        let end: Int

        mutating func byte() throws -> UInt8 {
            guard position < end else { throw HandWrittenError.bad(position) }
            defer { position += 1 }
            return base.load(fromByteOffset: position, as: UInt8.self)
        }

        mutating func expect(_ value: UInt8) throws {
            guard try byte() == value else { throw HandWrittenError.bad(position - 1) }
        }

        mutating func varint() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while shift < 64 {
                let byte = try byte()
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            throw HandWrittenError.bad(position)
        }

        mutating func fixed64() throws -> UInt64 {
            guard end - position >= 8 else { throw HandWrittenError.bad(position) }
            defer { position += 8 }
            return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        }

        mutating func span() throws -> UnsafeRawBufferPointer {
            let count = try varint()
            guard count <= UInt64(end - position) else { throw HandWrittenError.bad(position) }
            defer { position += Int(count) }
            return UnsafeRawBufferPointer(start: base + position, count: Int(count))
        }

        mutating func string() throws -> String {
            let bytes = try span()
            guard let string = String(validating: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
                throw HandWrittenError.bad(position - bytes.count)
            }
            return string
        }

        mutating func data() throws -> Data { Data(try span()) }

        mutating func key(_ index: Int) throws {
            let bytes = try span()
            let key = HandWrittenNote.keys[index]
            guard bytes.count == key.utf8CodeUnitCount, memcmp(bytes.baseAddress!, key.utf8Start, bytes.count) == 0 else {
                throw HandWrittenError.bad(position - bytes.count)
            }
        }
    }
}

enum HandWrittenError: Error {
    case bad(Int)
}
