/// The order of field keys: byte by byte over their UTF-8, a proper prefix first.
///
/// It is the order the native archive writes keys in, and the order ``RecordFields`` keeps them in. Keys are
/// compared as bytes, not as Unicode text: two keys that differ only in normalisation are different keys.
/// CloudKit field names are ASCII, where the two notions agree.
@usableFromInline
enum FieldKeyOrder {
    /// Negative when `lhs` comes first, zero when the keys are the same bytes, positive when `rhs` comes first.
    @inlinable @inline(__always)
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        // Native and small strings hand out their UTF-8 in place; only bridged strings take the slow path.
        let fast: Int? = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in compare(left, right) }
        } ?? nil
        if let fast { return fast }
        return slowCompare(lhs, rhs)
    }

    /// Compares two runs of bytes eight at a time: keys are short, and a call to `memcmp` costs more than that.
    @inlinable @inline(__always)
    static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(lhs.count, rhs.count)
        guard common > 0, let left = lhs.baseAddress, let right = rhs.baseAddress else {
            return lhs.count &- rhs.count
        }
        var offset = 0
        while common &- offset >= 8 {
            let a = UnsafeRawPointer(left).loadUnaligned(fromByteOffset: offset, as: UInt64.self).bigEndian
            let b = UnsafeRawPointer(right).loadUnaligned(fromByteOffset: offset, as: UInt64.self).bigEndian
            if a != b { return a < b ? -1 : 1 }
            offset &+= 8
        }
        while offset < common {
            let a = left[offset], b = right[offset]
            if a != b { return a < b ? -1 : 1 }
            offset &+= 1
        }
        return lhs.count &- rhs.count
    }

    @usableFromInline
    static func slowCompare(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf8.makeIterator(), right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (a?, b?): if a != b { return a < b ? -1 : 1 }
            }
        }
    }

    /// Whether `lhs` comes strictly before `rhs`.
    @inlinable @inline(__always)
    static func precedes(_ lhs: String, _ rhs: String) -> Bool { compare(lhs, rhs) < 0 }
}
