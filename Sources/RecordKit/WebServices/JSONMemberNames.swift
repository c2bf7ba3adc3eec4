import Foundation

/// The member names of the JSON objects a ``JSONScanner`` has open, so that a name repeated in one object is
/// refused (RFC 8259 leaves repeated names to the parser; CloudKit never sends one, and taking the last would
/// let one body say two things about one field).
///
/// Names are compared as the bytes of their unescaped text. Per name it keeps plain values only (its place in
/// the input and a fingerprint: length, first and last byte) in a stack it manages itself, so checking costs no
/// reference counting and no generic code; an object's names are scanned by fingerprint, and past
/// ``hashingThreshold`` names the object switches to a hashed set, so a huge object costs linear time, not
/// quadratic.
///
/// A class, so that copying a scanner costs one retain: a scanner owns one, and its look-ahead copies have none
/// (``JSONScanner/lookahead``). Never shared between two scanners that both read. Its state sits behind a `let`
/// pointer: stored `var`s of a class would pay a dynamic exclusivity check on every access.
final class JSONMemberNames {
    /// Above this many names in one object, names are looked up in a set.
    static let hashingThreshold = 24

    private let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.pointee.deallocateBuffers()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// An object begins.
    @inline(__always)
    func open() { state.pointee.open() }

    /// The innermost object ends.
    @inline(__always)
    func close() { state.pointee.close() }

    /// Adds the name `start..<end` of `bytes` (with its unescaped text when it held escapes) to the innermost
    /// object; false when that object already has it.
    @inline(__always)
    func insert(start: Int, end: Int, unescaped: String?, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        state.pointee.insert(start: start, end: end, unescaped: unescaped, in: bytes)
    }
}

private extension JSONMemberNames {
    /// A name: its bytes in the input (`start..<end`), or, when `start` is negative, the unescaped text at
    /// `escaped[-start - 1]`.
    struct Name {
        let start: Int
        let end: Int
        let fingerprint: UInt64
    }

    struct State {
        /// The names of every open object, the innermost object's last: `names[0..<nameCount]`.
        var names: UnsafeMutablePointer<Name>
        var nameCount = 0
        var nameCapacity = 64
        /// For each open object, where its names start in `names`; `Int.min` once its names are in `hashed`.
        var firsts: UnsafeMutablePointer<Int>
        /// For each open object, one bit per name fingerprint it holds (a 64-bit Bloom filter): most names
        /// are new, and the filter says so without scanning the object's names.
        var seen: UnsafeMutablePointer<UInt64>
        var frameCount = 0
        var frameCapacity = 16
        /// The unescaped text of names that held escapes (rare).
        var escaped: [String] = []
        /// The names of open objects with more than `hashingThreshold` of them, by their index in `firsts`.
        var hashed: [Int: Set<[UInt8]>] = [:]

        init() {
            names = .allocate(capacity: nameCapacity)
            firsts = .allocate(capacity: frameCapacity)
            seen = .allocate(capacity: frameCapacity)
        }

        func deallocateBuffers() {
            names.deallocate()
            firsts.deallocate()
            seen.deallocate()
        }

        mutating func open() {
            if frameCount == frameCapacity {
                let larger = UnsafeMutablePointer<Int>.allocate(capacity: frameCapacity * 2)
                larger.moveInitialize(from: firsts, count: frameCount)
                firsts.deallocate()
                firsts = larger
                let largerSeen = UnsafeMutablePointer<UInt64>.allocate(capacity: frameCapacity * 2)
                largerSeen.moveInitialize(from: seen, count: frameCount)
                seen.deallocate()
                seen = largerSeen
                frameCapacity *= 2
            }
            firsts[frameCount] = nameCount
            seen[frameCount] = 0
            frameCount &+= 1
        }

        mutating func close() {
            guard frameCount > 0 else { return }
            frameCount &-= 1
            let first = firsts[frameCount]
            if first == Int.min {
                hashed[frameCount] = nil
                return
            }
            dropNames(from: first)
        }

        mutating func insert(start: Int, end: Int, unescaped: String?, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard frameCount > 0 else { return true }
            let frame = frameCount &- 1
            let first = firsts[frame]
            if first == Int.min {
                return hashed[frame, default: []].insert(Self.text(start, end, unescaped, bytes)).inserted
            }
            let fingerprint: UInt64
            if let unescaped {
                let utf8 = unescaped.utf8
                fingerprint = Self.fingerprint(count: utf8.count, first: utf8.first ?? 0, last: utf8.last ?? 0)
            } else {
                fingerprint = end > start ? Self.fingerprint(count: end &- start, first: bytes[start], last: bytes[end &- 1]) : 0
            }
            let bit: UInt64 = 1 << ((fingerprint &* 0x9E37_79B9_7F4A_7C15) >> 58)
            if seen[frame] & bit != 0 {
                var index = first
                while index < nameCount {
                    if names[index].fingerprint == fingerprint && same(names[index], start, end, unescaped, bytes) { return false }
                    index &+= 1
                }
            }
            seen[frame] |= bit
            if nameCount &- first >= JSONMemberNames.hashingThreshold {
                var set = Set<[UInt8]>(minimumCapacity: 4 * JSONMemberNames.hashingThreshold)
                for index in first..<nameCount { set.insert(text(of: names[index], in: bytes)) }
                set.insert(Self.text(start, end, unescaped, bytes))
                hashed[frame] = set
                dropNames(from: first)
                firsts[frame] = Int.min
                return true
            }
            if nameCount == nameCapacity {
                let larger = UnsafeMutablePointer<Name>.allocate(capacity: nameCapacity * 2)
                larger.moveInitialize(from: names, count: nameCount)
                names.deallocate()
                names = larger
                nameCapacity *= 2
            }
            if let unescaped {
                escaped.append(unescaped)
                names[nameCount] = Name(start: -escaped.count, end: 0, fingerprint: fingerprint)
            } else {
                names[nameCount] = Name(start: start, end: end, fingerprint: fingerprint)
            }
            nameCount &+= 1
            return true
        }

        /// Forgets `names[first...]` and the escaped texts they hold.
        mutating func dropNames(from first: Int) {
            if !escaped.isEmpty {
                for index in first..<nameCount where names[index].start < 0 {
                    escaped.removeLast(escaped.count + names[index].start + 1)
                    break
                }
            }
            nameCount = first
        }

        static func fingerprint(count: Int, first: UInt8, last: UInt8) -> UInt64 {
            UInt64(truncatingIfNeeded: count) & 0xFFFF_FFFF | UInt64(first) << 48 | UInt64(last) << 56
        }

        func same(_ name: Name, _ start: Int, _ end: Int, _ unescaped: String?, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if name.start >= 0, unescaped == nil, let base = bytes.baseAddress {
                let length = end &- start
                return name.end &- name.start == length && memcmp(base + name.start, base + start, length) == 0
            }
            return text(of: name, in: bytes) == Self.text(start, end, unescaped, bytes)
        }

        func text(of name: Name, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            name.start < 0 ? Array(escaped[-name.start - 1].utf8) : Array(bytes[name.start..<name.end])
        }

        static func text(_ start: Int, _ end: Int, _ unescaped: String?, _ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            unescaped.map { Array($0.utf8) } ?? Array(bytes[start..<end])
        }
    }
}
