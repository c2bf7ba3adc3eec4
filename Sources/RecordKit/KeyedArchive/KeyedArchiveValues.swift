import Foundation

/// Typed reads of the values of an archived object: strings, bytes, dates, numbers, nested objects.
extension KeyedArchiveReader {
    /// The object under `key`, which must be of class `className` (or a subclass); nil when absent.
    func object(_ key: String, of className: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> ArchivedObject? {
        switch try value(key, in: parent) {
        case .null: return nil
        case let .object(object):
            guard isKind(object, of: className) else {
                throw .unexpectedClass(path: object.path.description, expected: className, found: self.className(of: object))
            }
            return object
        case let other:
            throw .typeMismatch(path: parent.path.key(key).description, expected: className, found: typeName(of: other))
        }
    }

    /// A string under `key`: an inline plist string or an NSString object (`NS.string`); nil when absent.
    func string(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> String? {
        try string(from: value(key, in: parent)) { parent.path.key(key) }
    }

    func string(from node: ArchiveNode, path: () -> ArchivePath) throws(KeyedArchiveError) -> String? {
        switch node {
        case .null: return nil
        case let .string(text): return text
        case let .object(object) where isKind(object, of: "NSString"):
            // NS.string holds the characters themselves, never another object.
            guard case let .string(text) = try value("NS.string", in: object) else {
                throw .missingValue(path: object.path.key("NS.string").description)
            }
            return text
        case let other: throw .typeMismatch(path: path().description, expected: "string", found: typeName(of: other))
        }
    }

    /// Bytes under `key`: inline data or an NSData / NSMutableData object (`NS.data`); nil when absent.
    func data(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> Data? {
        try data(from: value(key, in: parent)) { parent.path.key(key) }
    }

    func data(from node: ArchiveNode, path: () -> ArchivePath) throws(KeyedArchiveError) -> Data? {
        switch node {
        case .null: return nil
        case let .data(bytes): return bytes
        case let .object(object) where isKind(object, of: "NSData"):
            // NS.data holds the bytes themselves, never another object.
            guard case let .data(bytes) = try value("NS.data", in: object) else {
                throw .missingValue(path: object.path.key("NS.data").description)
            }
            return bytes
        case let other: throw .typeMismatch(path: path().description, expected: "data", found: typeName(of: other))
        }
    }

    /// A date under `key`: an NSDate object (`NS.time`, seconds since 2001); nil when absent.
    func date(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> Date? {
        try date(from: value(key, in: parent)) { parent.path.key(key) }
    }

    func date(from node: ArchiveNode, path: () -> ArchivePath) throws(KeyedArchiveError) -> Date? {
        switch node {
        case .null: return nil
        case let .object(object) where isKind(object, of: "NSDate"):
            guard let seconds = try double("NS.time", in: object) else {
                throw .missingValue(path: object.path.key("NS.time").description)
            }
            return Date(timeIntervalSinceReferenceDate: seconds)
        case let other: throw .typeMismatch(path: path().description, expected: "NSDate", found: typeName(of: other))
        }
    }

    /// A number under `key` as a Double; nil when absent.
    func double(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> Double? {
        switch try value(key, in: parent) {
        case .null: return nil
        case let .number(.real(number)): return number
        case let .number(.integer(number)): return Double(number)
        case let other:
            throw .typeMismatch(path: parent.path.key(key).description, expected: "number", found: typeName(of: other))
        }
    }

    /// An integer under `key` (a Boolean reads as 0 or 1); nil when absent.
    func integer(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> Int64? {
        switch try value(key, in: parent) {
        case .null: return nil
        case let .number(.integer(number)): return number
        case let .number(.bool(flag)): return flag ? 1 : 0
        case let other:
            throw .typeMismatch(path: parent.path.key(key).description, expected: "integer", found: typeName(of: other))
        }
    }

    /// A short name of what a node is, for error messages.
    func typeName(of node: ArchiveNode) -> String {
        switch node {
        case .null: "nil"
        case .string: "string"
        case .data: "data"
        case let .number(value): "number (\(value.typeName))"
        case let .object(object): className(of: object)
        }
    }
}
