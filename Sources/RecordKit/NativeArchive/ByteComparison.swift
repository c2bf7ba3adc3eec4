import Foundation

/// Byte comparisons for the short runs the format compares most (field keys, identifiers): eight bytes at a
/// time inline, `memcmp` only past the first word. A call to `memcmp` costs more than comparing a short key.
enum ByteComparison {
    /// Whether `count` bytes at `lhs` and `rhs` are equal.
    @inline(__always)
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while count &- offset >= 8 {
            guard lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset &+= 8
            if offset >= 32, count &- offset >= 8 {
                return memcmp(lhs + offset, rhs + offset, count &- offset) == 0
            }
        }
        while offset < count {
            guard lhs.load(fromByteOffset: offset, as: UInt8.self) == rhs.load(fromByteOffset: offset, as: UInt8.self)
            else { return false }
            offset &+= 1
        }
        return true
    }

    /// Whether the `lhsCount` bytes at `lhs` come strictly before the `rhsCount` bytes at `rhs` in byte order
    /// (a proper prefix comes first).
    @inline(__always)
    static func precedes(_ lhs: UnsafeRawPointer, _ lhsCount: Int, _ rhs: UnsafeRawPointer, _ rhsCount: Int) -> Bool {
        let common = min(lhsCount, rhsCount)
        var offset = 0
        while offset < common {
            let left = lhs.load(fromByteOffset: offset, as: UInt8.self)
            let right = rhs.load(fromByteOffset: offset, as: UInt8.self)
            if left != right { return left < right }
            offset &+= 1
            if offset == 8, common > 8 {
                let order = memcmp(lhs + 8, rhs + 8, common - 8)
                return order != 0 ? order < 0 : lhsCount < rhsCount
            }
        }
        return lhsCount < rhsCount
    }
}
