/// A Swift type that a record field stores: the bridge between typed model properties and ``FieldValue``, and
/// `Codable` for the JSON of generated models (``ModelCoding``).
///
/// RecordKit makes String, Int64, Int, Bool, Double, Date, Data, UUID, URL, Asset, Reference and Location
/// conform; generated enums conform through ``RecordEnum``. Lists of any conforming type are read and written by
/// ``RecordFieldReader/list(_:)`` and ``RecordFieldWriter/setList(_:_:encrypted:)``.
public protocol RecordFieldValue: Sendable, Codable {
    /// The CloudKit kind that stores the value.
    static var fieldKind: FieldKind { get }
    /// Reads the value, or says why it cannot. The value is borrowed: a reader passes it straight from the
    /// record's storage, without copying it.
    init(fieldValue: __shared FieldValue) throws(FieldValueError)
    /// The value as CloudKit stores it.
    var fieldValue: FieldValue { get }
    /// Reads the elements of a list. The default goes through ``init(fieldValue:)`` per element;
    /// types stored directly in a ``FieldList`` case read the case's array at once.
    static func elements(of list: FieldList) throws(FieldValueError) -> [Self]
    /// Makes a list of the values.
    static func fieldList(of elements: [Self]) -> FieldList
}

extension RecordFieldValue {
    public static func elements(of list: FieldList) throws(FieldValueError) -> [Self] {
        if list.count == 0 { return [] }
        guard list.elementKind == fieldKind else {
            throw .typeMismatch(expected: .list(of: fieldKind), found: .list(of: list.elementKind))
        }
        var result: [Self] = []
        result.reserveCapacity(list.count)
        for value in list.values { result.append(try Self(fieldValue: value)) }
        return result
    }

    public static func fieldList(of elements: [Self]) -> FieldList {
        FieldList.homogeneous(elements.map(\.fieldValue), kind: fieldKind)
    }

    /// Reads the elements of a stored list value; any other kind is a type mismatch.
    @inlinable
    static func elements(ofListIn stored: __shared FieldValue) throws(FieldValueError) -> [Self] {
        guard case let .list(list) = stored else {
            throw .typeMismatch(expected: .list(of: fieldKind), found: stored.type)
        }
        return try elements(of: list)
    }

    /// The mismatch error for a value of the wrong kind.
    @inlinable
    static func mismatch(_ found: __shared FieldValue) -> FieldValueError {
        .typeMismatch(expected: .scalar(fieldKind), found: found.type)
    }
}

/// An enum generated from a schema `<enum>`: the known cases plus `unknown(raw)`, so a raw value written by a
/// newer app version is kept and written back unchanged. `allCases` lists the known cases (never `unknown`), so an
/// enum is `CaseIterable` and stays open. `Codable` as its raw value (the standard library's `RawRepresentable`
/// coding): `"happy"`, `2`; a raw value no case has decodes as `unknown`, as it does from a record.
public protocol RecordEnum: RecordFieldValue, RawRepresentable, Hashable, Sendable, CaseIterable, Codable
where RawValue: RecordFieldValue & Codable, AllCases == [Self] {
    /// Every case but `unknown`, in schema order.
    static var knownCases: [Self] { get }
    /// The case for a raw value; `unknown(rawValue)` when no known case has it.
    init(rawValue: RawValue)
}

extension RecordEnum {
    /// The known cases, in schema order: ``knownCases``.
    public static var allCases: [Self] { knownCases }

    @inlinable
    public static var fieldKind: FieldKind { RawValue.fieldKind }

    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        self.init(rawValue: try RawValue(fieldValue: fieldValue))
    }

    @inlinable
    public var fieldValue: FieldValue { rawValue.fieldValue }
}
