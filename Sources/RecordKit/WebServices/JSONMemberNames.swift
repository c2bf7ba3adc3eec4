import Foundation

/// The member names of the JSON objects a ``JSONScanner`` has open, so that a name repeated in one object is
/// refused (RFC 8259 leaves repeated names to the parser; CloudKit never sends one, and taking the last would
/// let one body say two things about one field).
///
/// Names are compared as the bytes of their unescaped text. An object's first names are checked by a linear
/// scan over a cheap fingerprint (length, first and last byte); past ``hashingThreshold`` names the object
/// switches to a hashed set, so a huge object costs linear time, not quadratic.
struct JSONMemberNames {
    /// Above this many names in one object, names are looked up in a set.
    static let hashingThreshold = 24

    private struct Name {
        let key: JSONKey
        let fingerprint: UInt64
    }

    private struct Frame {
        /// Where this object's names start in `names`.
        let first: Int
        /// Every name of this object once it has more than `hashingThreshold`.
        var hashed: Set<[UInt8]>?
    }

    /// The names of every open object, the innermost object's last.
    private var names: [Name] = []
    private var frames: [Frame] = []

    /// An object begins.
    mutating func open() {
        frames.append(Frame(first: names.count, hashed: nil))
    }

    /// The innermost object ends.
    mutating func close() {
        guard let frame = frames.popLast() else { return }
        names.removeSubrange(frame.first...)
    }

    /// Adds a name to the innermost object; false when it already has it.
    mutating func insert(_ key: JSONKey, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let last = frames.indices.last else { return true }
        if frames[last].hashed != nil {
            return frames[last].hashed?.insert(Self.text(of: key, in: bytes)).inserted ?? true
        }
        let fingerprint = Self.fingerprint(of: key, in: bytes)
        let first = frames[last].first
        var index = first
        while index < names.count {
            if names[index].fingerprint == fingerprint && Self.same(names[index].key, key, in: bytes) { return false }
            index &+= 1
        }
        if names.count &- first >= Self.hashingThreshold {
            var set = Set<[UInt8]>(minimumCapacity: 2 * Self.hashingThreshold)
            for name in names[first...] { set.insert(Self.text(of: name.key, in: bytes)) }
            set.insert(Self.text(of: key, in: bytes))
            frames[last].hashed = set
            names.removeSubrange(first...)
            return true
        }
        names.append(Name(key: key, fingerprint: fingerprint))
        return true
    }

    private static func fingerprint(of key: JSONKey, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if let text = key.unescaped {
            let utf8 = text.utf8
            return UInt64(utf8.count) | UInt64(utf8.first ?? 0) << 48 | UInt64(utf8.last ?? 0) << 56
        }
        let length = key.end &- key.start
        if length == 0 { return 0 }
        return UInt64(length) | UInt64(bytes[key.start]) << 48 | UInt64(bytes[key.end &- 1]) << 56
    }

    private static func same(_ left: JSONKey, _ right: JSONKey, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if left.unescaped == nil, right.unescaped == nil, let base = bytes.baseAddress {
            let length = left.end &- left.start
            return length == right.end &- right.start && memcmp(base + left.start, base + right.start, length) == 0
        }
        return Self.text(of: left, in: bytes) == Self.text(of: right, in: bytes)
    }

    private static func text(of key: JSONKey, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if let text = key.unescaped { return Array(text.utf8) }
        return Array(bytes[key.start..<key.end])
    }
}
