/// A generated model's fields in the byte order of their keys, computed once per model from `Field.allCases`.
///
/// Generated members list the fields in schema order; records and archives keep fields in the byte order of their
/// keys (the field walk's cases are labelled with their positions in that order, computed by the generator). The
/// readers match the keys they hold against this table (one comparison per key, as they walk both in order), so the
/// decode walk lists the fields in schema order, in one `switch`.
///
/// Generated models hold one in a `static let` (``GeneratedRecordModel/fieldOrder``): it is built once, never
/// freed, and read through ``table`` without retaining anything.
public final class FieldOrder<Field: RecordFieldKey>: @unchecked Sendable {
    // @unchecked: the buffers are written once, in `init`, and only read afterwards.

    /// How many fields the model declares.
    public let count: Int
    /// The fields and their keys' UTF-8, in key order: what ``table`` hands out.
    @usableFromInline let fields: UnsafeMutableBufferPointer<Field>
    @usableFromInline let keys: UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>
    /// The keys as strings, in key order: a record's keys are matched against them with `==` first.
    @usableFromInline let strings: UnsafeMutablePointer<String>
    /// Whether every key is ASCII: then a key `==` to a record's key of the same UTF-8 length has its bytes.
    @usableFromInline let keysAreASCII: Bool
    /// The bytes `keys` point into, back to back.
    let keyBytes: UnsafeMutableBufferPointer<UInt8>

    /// The table of `Field`: `Field.allCases` sorted by the bytes of their keys.
    public init() {
        let sorted = Field.allCases.sorted { FieldKeyOrder.precedes($0.rawValue, $1.rawValue) }
        count = sorted.count
        fields = .allocate(capacity: sorted.count)
        _ = fields.initialize(from: sorted)
        let bytes = sorted.flatMap { Array($0.rawValue.utf8) }
        keyBytes = .allocate(capacity: Swift.max(bytes.count, 1))
        _ = keyBytes.initialize(from: bytes)
        keys = .allocate(capacity: Swift.max(sorted.count, 1))
        strings = .allocate(capacity: Swift.max(sorted.count, 1))
        strings.initialize(from: sorted.map(\.rawValue), count: sorted.count)
        keysAreASCII = bytes.allSatisfy { $0 < 0x80 }
        var start = 0
        for (index, field) in sorted.enumerated() {
            let count = field.rawValue.utf8.count
            (keys + index).initialize(to: UnsafeBufferPointer(rebasing: keyBytes[start..<start + count]))
            start += count
        }
    }

    deinit {
        fields.deinitialize().deallocate()
        strings.deinitialize(count: count).deallocate()
        keys.deallocate()
        keyBytes.deallocate()
    }

    /// The table without its owner, for a reader or writer to hold while the model's `static let` keeps it alive.
    @inlinable
    public var table: FieldKeyTable<Field> {
        FieldKeyTable(fields: UnsafeBufferPointer(fields), keys: keys)
    }

    /// The keys as strings, in key order, held without retaining the table: what ``RecordFieldReader`` matches a
    /// record's keys against.
    @inlinable
    var keyStrings: FieldKeyStrings {
        FieldKeyStrings(strings: strings, isASCII: keysAreASCII)
    }
}

/// A ``FieldOrder``'s table, held without retaining it: the fields in key order and their keys' bytes.
public struct FieldKeyTable<Field: RecordFieldKey> {
    /// The fields in the byte order of their keys.
    @usableFromInline let fields: UnsafeBufferPointer<Field>
    /// Their keys' UTF-8.
    @usableFromInline let keys: FieldKeys

    @inlinable
    init(fields: UnsafeBufferPointer<Field>, keys: UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>) {
        self.fields = fields
        self.keys = FieldKeys(keys: keys, count: fields.count)
    }

    /// How many fields the table holds.
    @inlinable
    public var count: Int { fields.count }

    /// The field at `index` in key order.
    @inlinable @inline(__always)
    public subscript(index: Int) -> Field { fields[index] }
}

/// The UTF-8 of a model's keys in key order, apart from the `Field` type, so the archive reader matches keys
/// without generic code.
@usableFromInline
struct FieldKeys {
    @usableFromInline let keys: UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>
    @usableFromInline let count: Int

    @inlinable
    init(keys: UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>, count: Int) {
        self.keys = keys
        self.count = count
    }

    /// The index of the first key at or after `index` that does not come before `key`, and whether it is `key`:
    /// readers walk their keys and the table in step, so this is mostly one comparison.
    @inlinable @inline(__always)
    func match(_ key: UnsafeBufferPointer<UInt8>, from index: Int) -> (index: Int, found: Bool) {
        var index = index
        while index < count {
            let order = FieldKeyOrder.compare(keys[index], key)
            if order == 0 { return (index, true) }
            if order > 0 { return (index, false) }
            index &+= 1
        }
        return (index, false)
    }
}

/// A ``FieldOrder``'s keys as strings, in key order, held without retaining it.
@usableFromInline
struct FieldKeyStrings {
    @usableFromInline let strings: UnsafeMutablePointer<String>
    /// Whether every key is ASCII.
    @usableFromInline let isASCII: Bool

    @inlinable
    init(strings: UnsafeMutablePointer<String>, isASCII: Bool) {
        self.strings = strings
        self.isASCII = isASCII
    }

    /// Whether `key` is the key at `index`, compared as bytes. A key read from a record is mostly the same small
    /// string as the table's (its bytes held in the string itself), which `==` tells in a few instructions.
    /// `==` also holds for canonical equivalents, but none of an ASCII key has its UTF-8 length: every non-ASCII
    /// scalar takes two bytes or more and stands for one ASCII scalar at most.
    @inlinable @inline(__always)
    func isKey(_ key: String, at index: Int) -> Bool {
        let tableKey = strings[index]
        if isASCII { return key == tableKey && key.utf8.count == tableKey.utf8.count }
        return FieldKeyOrder.compare(key, tableKey) == 0
    }
}
