/// Why bytes are not a binary property list this reader accepts. Every case names the byte offset.
public enum PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data does not start with `bplist00` or is too short to hold a header and a trailer.
    case notBinaryPropertyList(length: Int)
    /// The 32-byte trailer at `offset` holds impossible sizes or positions.
    case invalidTrailer(offset: Int, reason: String)
    /// An entry of the offset table at `offset` points outside the object area.
    case objectOffsetOutOfRange(object: Int, offset: Int, target: UInt64)
    /// An object reference at `offset` names an object that does not exist.
    case referenceOutOfRange(offset: Int, reference: UInt64, objectCount: Int)
    /// The object at `offset` has a marker byte this reader does not know.
    case unknownMarker(offset: Int, marker: UInt8)
    /// The object at `offset` runs past the end of the object area.
    case truncatedObject(offset: Int, needed: Int)
    /// A count or size field at `offset` is malformed or too large for the data.
    case invalidCount(offset: Int, reason: String)
    /// An integer at `offset` does not fit in 64 bits.
    case integerOutOfRange(offset: Int)
    /// A dictionary key at `offset` is not a string.
    case nonStringKey(offset: Int, type: String)
    /// The object at `offset` contains itself.
    case cycle(offset: Int)
    /// Containers nest deeper than the limit at `offset`.
    case tooDeep(offset: Int, limit: Int)
    /// The objects expand to more values than the limit (shared containers referenced over and over).
    case tooManyValues(offset: Int, limit: Int)

    public var description: String {
        switch self {
        case let .notBinaryPropertyList(length):
            "not a binary property list (\(length) bytes): expected the magic 'bplist00' and a 32-byte trailer"
        case let .invalidTrailer(offset, reason):
            "invalid binary plist trailer at byte \(offset): \(reason)"
        case let .objectOffsetOutOfRange(object, offset, target):
            "offset table entry for object \(object) at byte \(offset) points to \(target), outside the object area"
        case let .referenceOutOfRange(offset, reference, objectCount):
            "object reference \(reference) at byte \(offset) is out of range (the plist has \(objectCount) objects)"
        case let .unknownMarker(offset, marker):
            "unknown object marker 0x\(String(marker, radix: 16)) at byte \(offset)"
        case let .truncatedObject(offset, needed):
            "object at byte \(offset) needs \(needed) bytes beyond the end of the object area"
        case let .invalidCount(offset, reason):
            "invalid count at byte \(offset): \(reason)"
        case let .integerOutOfRange(offset):
            "integer at byte \(offset) does not fit in 64 bits"
        case let .nonStringKey(offset, type):
            "dictionary key at byte \(offset) is a \(type); only string keys are supported"
        case let .cycle(offset):
            "object at byte \(offset) contains itself"
        case let .tooDeep(offset, limit):
            "containers nest deeper than \(limit) levels at byte \(offset)"
        case let .tooManyValues(offset, limit):
            "the plist expands to more than \(limit) values (at byte \(offset)): shared containers repeated too often"
        }
    }
}
