/// A generated model's fields in the byte order of their keys, computed once per model from `Field.allCases`.
///
/// Generated members list the fields in schema order; records and archives keep fields in the byte order of their
/// keys, and both walks take the fields in that order (their cases are labelled with the positions the generator
/// computed). The table serves the record writer, which appends the fields the field walk hands it in this order
/// without comparing keys (``RecordFieldWriter``), and tells the record reader whether every key is ASCII, so it
/// may match a record's key to a field's with `==` (``RecordFieldReader``).
///
/// Generated models hold one in a `static let` (``GeneratedRecordModel/fieldOrder``): it is built once, never
/// freed, and read through ``table`` without retaining anything.
public final class FieldOrder<Field: RecordFieldKey>: @unchecked Sendable {
    // @unchecked: the buffer is written once, in `init`, and only read afterwards.

    /// How many fields the model declares.
    public let count: Int
    /// The fields in key order: what ``table`` hands out.
    @usableFromInline let fields: UnsafeMutableBufferPointer<Field>
    /// Whether every key is ASCII: then a key `==` to a record's key of the same UTF-8 length has its bytes.
    @usableFromInline let keysAreASCII: Bool

    /// The table of `Field`: `Field.allCases` sorted by the bytes of their keys.
    public init() {
        let sorted = Field.allCases.sorted { FieldKeyOrder.precedes($0.rawValue, $1.rawValue) }
        count = sorted.count
        fields = .allocate(capacity: sorted.count)
        _ = fields.initialize(from: sorted)
        keysAreASCII = sorted.allSatisfy { $0.rawValue.utf8.allSatisfy { $0 < 0x80 } }
    }

    deinit {
        fields.deinitialize().deallocate()
    }

    /// The table without its owner, for a writer to hold while the model's `static let` keeps it alive.
    @inlinable
    public var table: FieldKeyTable<Field> {
        FieldKeyTable(fields: UnsafeBufferPointer(fields))
    }
}

/// A ``FieldOrder``'s table, held without retaining it: the fields in the byte order of their keys.
public struct FieldKeyTable<Field: RecordFieldKey> {
    /// The fields in the byte order of their keys.
    @usableFromInline let fields: UnsafeBufferPointer<Field>

    @inlinable
    init(fields: UnsafeBufferPointer<Field>) {
        self.fields = fields
    }

    /// How many fields the table holds.
    @inlinable
    public var count: Int { fields.count }

    /// The field at `index` in key order.
    @inlinable @inline(__always)
    public subscript(index: Int) -> Field { fields[index] }
}
