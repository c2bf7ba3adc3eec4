import Foundation

extension String: RecordFieldValue {
    public static var fieldKind: FieldKind { .string }
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .string(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    @inlinable
    public var fieldValue: FieldValue { .string(self) }
    @inlinable
    public static func elements(of list: FieldList) throws(FieldValueError) -> [String] {
        if case let .string(values) = list { return values }
        if list.count == 0 { return [] }
        throw .typeMismatch(expected: .list(of: .string), found: .list(of: list.elementKind))
    }
    @inlinable
    public static func fieldList(of elements: [String]) -> FieldList { .string(elements) }
}

extension Int64: RecordFieldValue {
    public static var fieldKind: FieldKind { .int64 }
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .int64(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    @inlinable
    public var fieldValue: FieldValue { .int64(self) }
    @inlinable
    public static func elements(of list: FieldList) throws(FieldValueError) -> [Int64] {
        if case let .int64(values) = list { return values }
        if list.count == 0 { return [] }
        throw .typeMismatch(expected: .list(of: .int64), found: .list(of: list.elementKind))
    }
    @inlinable
    public static func fieldList(of elements: [Int64]) -> FieldList { .int64(elements) }
}

extension Int: RecordFieldValue {
    public static var fieldKind: FieldKind { .int64 }
    /// Reads an int64 that fits in `Int` (always, except on 32-bit platforms).
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .int64(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        guard let int = Int(exactly: value) else {
            throw .invalidValue(value: String(value), reason: "in the range of Int on this platform")
        }
        self = int
    }
    @inlinable
    public var fieldValue: FieldValue { .int64(Int64(self)) }
}

extension Bool: RecordFieldValue {
    public static var fieldKind: FieldKind { .int64 }
    /// Reads an int64 that is 0 (false) or 1 (true); any other number is an invalid value.
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .int64(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        switch value {
        case 0: self = false
        case 1: self = true
        default: throw .invalidValue(value: String(value), reason: "a Bool (0 or 1)")
        }
    }
    @inlinable
    public var fieldValue: FieldValue { .int64(self ? 1 : 0) }
}

extension Double: RecordFieldValue {
    public static var fieldKind: FieldKind { .double }
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .double(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    @inlinable
    public var fieldValue: FieldValue { .double(self) }
    @inlinable
    public static func elements(of list: FieldList) throws(FieldValueError) -> [Double] {
        if case let .double(values) = list { return values }
        if list.count == 0 { return [] }
        throw .typeMismatch(expected: .list(of: .double), found: .list(of: list.elementKind))
    }
    @inlinable
    public static func fieldList(of elements: [Double]) -> FieldList { .double(elements) }
}

extension Date: RecordFieldValue {
    public static var fieldKind: FieldKind { .timestamp }
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .timestamp(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    @inlinable
    public var fieldValue: FieldValue { .timestamp(self) }
}

extension Data: RecordFieldValue {
    public static var fieldKind: FieldKind { .bytes }
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .bytes(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    @inlinable
    public var fieldValue: FieldValue { .bytes(self) }
}

extension UUID: RecordFieldValue {
    public static var fieldKind: FieldKind { .string }
    /// Reads a string in the UUID form `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (either case).
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .string(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        guard let uuid = UUIDText.parse(value) else {
            throw .invalidValue(value: "\"\(value)\"", reason: "a UUID")
        }
        self = uuid
    }
    @inlinable
    public var fieldValue: FieldValue { .string(UUIDText.format(self)) }
}

extension URL: RecordFieldValue {
    public static var fieldKind: FieldKind { .string }
    /// Reads a string holding an absolute URL (one with a scheme).
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .string(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        guard let url = URL(string: value), url.scheme != nil else {
            throw .invalidValue(value: "\"\(value)\"", reason: "an absolute URL")
        }
        self = url
    }
    @inlinable
    public var fieldValue: FieldValue { .string(absoluteString) }
}

extension Asset: RecordFieldValue {
    public static var fieldKind: FieldKind { .asset }
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .asset(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    @inlinable
    public var fieldValue: FieldValue { .asset(self) }
}

extension Reference: RecordFieldValue {
    public static var fieldKind: FieldKind { .reference }
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .reference(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    @inlinable
    public var fieldValue: FieldValue { .reference(self) }
}

extension Location: RecordFieldValue {
    public static var fieldKind: FieldKind { .location }
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .location(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    @inlinable
    public var fieldValue: FieldValue { .location(self) }
}
