import Foundation

extension String: RecordFieldValue {
    public static var fieldKind: FieldKind { .string }
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .string(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    public var fieldValue: FieldValue { .string(self) }
    public static func elements(of list: FieldList) throws(FieldValueError) -> [String] {
        if case let .string(values) = list { return values }
        if list.count == 0 { return [] }
        throw .typeMismatch(expected: .list(of: .string), found: .list(of: list.elementKind))
    }
    public static func fieldList(of elements: [String]) -> FieldList { .string(elements) }
}

extension Int64: RecordFieldValue {
    public static var fieldKind: FieldKind { .int64 }
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .int64(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    public var fieldValue: FieldValue { .int64(self) }
    public static func elements(of list: FieldList) throws(FieldValueError) -> [Int64] {
        if case let .int64(values) = list { return values }
        if list.count == 0 { return [] }
        throw .typeMismatch(expected: .list(of: .int64), found: .list(of: list.elementKind))
    }
    public static func fieldList(of elements: [Int64]) -> FieldList { .int64(elements) }
}

extension Int: RecordFieldValue {
    public static var fieldKind: FieldKind { .int64 }
    /// Reads an int64 that fits in `Int` (always, except on 32-bit platforms).
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .int64(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        guard let int = Int(exactly: value) else {
            throw .invalidValue(value: String(value), reason: "in the range of Int on this platform")
        }
        self = int
    }
    public var fieldValue: FieldValue { .int64(Int64(self)) }
}

extension Bool: RecordFieldValue {
    public static var fieldKind: FieldKind { .int64 }
    /// Reads an int64 that is 0 (false) or 1 (true); any other number is an invalid value.
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .int64(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        switch value {
        case 0: self = false
        case 1: self = true
        default: throw .invalidValue(value: String(value), reason: "a Bool (0 or 1)")
        }
    }
    public var fieldValue: FieldValue { .int64(self ? 1 : 0) }
}

extension Double: RecordFieldValue {
    public static var fieldKind: FieldKind { .double }
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .double(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    public var fieldValue: FieldValue { .double(self) }
    public static func elements(of list: FieldList) throws(FieldValueError) -> [Double] {
        if case let .double(values) = list { return values }
        if list.count == 0 { return [] }
        throw .typeMismatch(expected: .list(of: .double), found: .list(of: list.elementKind))
    }
    public static func fieldList(of elements: [Double]) -> FieldList { .double(elements) }
}

extension Date: RecordFieldValue {
    public static var fieldKind: FieldKind { .timestamp }
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .timestamp(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    public var fieldValue: FieldValue { .timestamp(self) }
}

extension Data: RecordFieldValue {
    public static var fieldKind: FieldKind { .bytes }
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .bytes(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    public var fieldValue: FieldValue { .bytes(self) }
}

extension UUID: RecordFieldValue {
    public static var fieldKind: FieldKind { .string }
    /// Reads a string in the UUID form `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (either case).
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .string(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        guard let uuid = UUID(uuidString: value) else {
            throw .invalidValue(value: "\"\(value)\"", reason: "a UUID")
        }
        self = uuid
    }
    public var fieldValue: FieldValue { .string(uuidString) }
}

extension URL: RecordFieldValue {
    public static var fieldKind: FieldKind { .string }
    /// Reads a string holding an absolute URL (one with a scheme).
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .string(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        guard let url = URL(string: value), url.scheme != nil else {
            throw .invalidValue(value: "\"\(value)\"", reason: "an absolute URL")
        }
        self = url
    }
    public var fieldValue: FieldValue { .string(absoluteString) }
}

extension Asset: RecordFieldValue {
    public static var fieldKind: FieldKind { .asset }
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .asset(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    public var fieldValue: FieldValue { .asset(self) }
}

extension Reference: RecordFieldValue {
    public static var fieldKind: FieldKind { .reference }
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .reference(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    public var fieldValue: FieldValue { .reference(self) }
}

extension Location: RecordFieldValue {
    public static var fieldKind: FieldKind { .location }
    public init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .location(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self = value
    }
    public var fieldValue: FieldValue { .location(self) }
}
