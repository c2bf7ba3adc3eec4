import Foundation

/// One object of a keyed archive: its class chain and its encoded keys.
struct ArchivedObject {
    /// The most derived class name, `$classname`.
    let className: String
    /// The class chain, most derived first (`$classes`).
    let classes: [String]
    /// The keys the object encoded, with `$class` removed.
    let fields: [String: PropertyListValue]
    /// Where the object sits, for error messages.
    let path: String

    func isKind(of name: String) -> Bool { classes.contains(name) || className == name }
}

/// What an object reference or inline value resolves to.
enum ArchiveNode {
    case null
    case string(String)
    case data(Data)
    /// An NSNumber: `.integer`, `.unsignedInteger`, `.real` or `.bool`.
    case number(PropertyListValue)
    case object(ArchivedObject)
}

/// Reads the NSKeyedArchiver envelope and resolves references, with paths for every error.
struct KeyedArchiveReader {
    let objects: [PropertyListValue]
    /// `$top` seen as an object, so system-field archives and objects share one API.
    let top: ArchivedObject

    init(data: Data) throws(KeyedArchiveError) {
        let plist: PropertyListValue
        do { plist = try BinaryPropertyList.decode(data) } catch { throw .propertyList(error) }
        guard case let .dictionary(envelope) = plist else {
            throw .notKeyedArchive(reason: "the top object is a \(plist.typeName), not a dictionary")
        }
        guard case let .string(archiver)? = envelope["$archiver"], archiver == "NSKeyedArchiver" else {
            throw .notKeyedArchive(reason: "$archiver is \(envelope["$archiver"]?.description ?? "missing"), expected \"NSKeyedArchiver\"")
        }
        guard case let .array(objects)? = envelope["$objects"] else {
            throw .notKeyedArchive(reason: "$objects is \(envelope["$objects"]?.typeName ?? "missing"), expected an array")
        }
        guard case let .dictionary(top)? = envelope["$top"] else {
            throw .notKeyedArchive(reason: "$top is \(envelope["$top"]?.typeName ?? "missing"), expected a dictionary")
        }
        self.objects = objects
        self.top = ArchivedObject(className: "$top", classes: [], fields: top, path: "$top")
    }

    /// Resolves an encoded value: follows a UID into `$objects`, reads a class entry, or passes an inline
    /// scalar through.
    func node(_ value: PropertyListValue, path: String) throws(KeyedArchiveError) -> ArchiveNode {
        switch value {
        case let .uid(uid):
            guard uid < UInt64(objects.count) else {
                throw .referenceOutOfRange(path: path, uid: uid, objectCount: objects.count)
            }
            if uid == 0 { return .null }
            return try inlineNode(objects[Int(uid)], path: path)
        default:
            return try inlineNode(value, path: path)
        }
    }

    private func inlineNode(_ value: PropertyListValue, path: String) throws(KeyedArchiveError) -> ArchiveNode {
        switch value {
        case let .string(text): return text == "$null" ? .null : .string(text)
        case let .data(bytes): return .data(bytes)
        case .integer, .unsignedInteger, .real, .bool: return .number(value)
        case let .dictionary(fields):
            guard let classRef = fields["$class"] else {
                throw .invalidClass(path: path, reason: "the object has no $class")
            }
            let (name, chain) = try classInfo(classRef, path: path)
            var own = fields
            own["$class"] = nil
            return .object(ArchivedObject(className: name, classes: chain, fields: own, path: path))
        default:
            throw .typeMismatch(path: path, expected: "an object, string, data or number", found: value.typeName)
        }
    }

    private func classInfo(_ reference: PropertyListValue, path: String) throws(KeyedArchiveError) -> (String, [String]) {
        guard case let .uid(uid) = reference, uid > 0, uid < UInt64(objects.count),
              case let .dictionary(entry) = objects[Int(uid)]
        else { throw .invalidClass(path: path, reason: "$class is \(reference), not a reference to a class entry") }
        guard case let .string(name)? = entry["$classname"] else {
            throw .invalidClass(path: path, reason: "the class entry has no $classname string")
        }
        var chain: [String] = []
        if case let .array(classes)? = entry["$classes"] {
            for item in classes { if case let .string(className) = item { chain.append(className) } }
        }
        return (name, chain)
    }

    /// The node under `key` of an object; `.null` when the key is absent.
    func value(_ key: String, in object: ArchivedObject) throws(KeyedArchiveError) -> ArchiveNode {
        guard let encoded = object.fields[key] else { return .null }
        return try node(encoded, path: object.path + "." + key)
    }

    /// The object under `key`, which must be of class `className` (or a subclass); nil when absent.
    func object(_ key: String, of className: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> ArchivedObject? {
        switch try value(key, in: parent) {
        case .null: return nil
        case let .object(object):
            guard object.isKind(of: className) else {
                throw .unexpectedClass(path: object.path, expected: className, found: object.className)
            }
            return object
        case let other:
            throw .typeMismatch(path: parent.path + "." + key, expected: className, found: other.typeName)
        }
    }

    /// A string under `key`: an inline plist string or an NSString object (`NS.string`); nil when absent.
    func string(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> String? {
        try string(from: value(key, in: parent), path: parent.path + "." + key)
    }

    func string(from node: ArchiveNode, path: String) throws(KeyedArchiveError) -> String? {
        switch node {
        case .null: return nil
        case let .string(text): return text
        case let .object(object) where object.isKind(of: "NSString"):
            guard let text = try string("NS.string", in: object) else { throw .missingValue(path: path + ".NS.string") }
            return text
        case let other: throw .typeMismatch(path: path, expected: "string", found: other.typeName)
        }
    }

    /// Bytes under `key`: inline data or an NSData / NSMutableData object (`NS.data`); nil when absent.
    func data(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> Data? {
        try data(from: value(key, in: parent), path: parent.path + "." + key)
    }

    func data(from node: ArchiveNode, path: String) throws(KeyedArchiveError) -> Data? {
        switch node {
        case .null: return nil
        case let .data(bytes): return bytes
        case let .object(object) where object.isKind(of: "NSData"):
            guard let bytes = try data("NS.data", in: object) else { throw .missingValue(path: path + ".NS.data") }
            return bytes
        case let other: throw .typeMismatch(path: path, expected: "data", found: other.typeName)
        }
    }

    /// A date under `key`: an NSDate object (`NS.time`, seconds since 2001); nil when absent.
    func date(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> Date? {
        try date(from: value(key, in: parent), path: parent.path + "." + key)
    }

    func date(from node: ArchiveNode, path: String) throws(KeyedArchiveError) -> Date? {
        switch node {
        case .null: return nil
        case let .object(object) where object.isKind(of: "NSDate"):
            guard let seconds = try double("NS.time", in: object) else { throw .missingValue(path: path + ".NS.time") }
            return Date(timeIntervalSinceReferenceDate: seconds)
        case let other: throw .typeMismatch(path: path, expected: "NSDate", found: other.typeName)
        }
    }

    /// A number under `key` as a Double; nil when absent.
    func double(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> Double? {
        let path = parent.path + "." + key
        switch try value(key, in: parent) {
        case .null: return nil
        case let .number(.real(number)): return number
        case let .number(.integer(number)): return Double(number)
        case let other: throw .typeMismatch(path: path, expected: "number", found: other.typeName)
        }
    }

    /// An integer under `key`; nil when absent.
    func integer(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> Int64? {
        let path = parent.path + "." + key
        switch try value(key, in: parent) {
        case .null: return nil
        case let .number(.integer(number)): return number
        case let .number(.bool(flag)): return flag ? 1 : 0
        case let other: throw .typeMismatch(path: path, expected: "integer", found: other.typeName)
        }
    }
}

extension ArchiveNode {
    var typeName: String {
        switch self {
        case .null: "nil"
        case .string: "string"
        case .data: "data"
        case let .number(value): "number (\(value.typeName))"
        case let .object(object): object.className
        }
    }
}
