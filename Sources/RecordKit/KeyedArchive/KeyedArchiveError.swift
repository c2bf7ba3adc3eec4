/// Why bytes are not a keyed archive this module can read, or hold a value it cannot map.
///
/// Every case names where: the byte offset inside the plist, or the path of keys from `$top` to the value,
/// such as `$top.root.ValueStore.RecordValues["age"]`.
public enum KeyedArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a well-formed binary plist.
    case propertyList(PropertyListError)
    /// The plist is not an NSKeyedArchiver archive (no `$archiver`, `$objects` or `$top`, or wrong values).
    case notKeyedArchive(reason: String)
    /// A value the archive must hold is absent or nil.
    case missingValue(path: String)
    /// A value is of another type than the one expected there.
    case typeMismatch(path: String, expected: String, found: String)
    /// An object reference names no object.
    case referenceOutOfRange(path: String, uid: UInt64, objectCount: Int)
    /// An object's `$class` is missing or malformed.
    case invalidClass(path: String, reason: String)
    /// An object of another class than the one expected there.
    case unexpectedClass(path: String, expected: String, found: String)
    /// A record field value of a class this module cannot map to a ``FieldValue``.
    case unsupportedValue(path: String, className: String)
    /// A value that has the right shape but cannot be part of a record.
    case invalidValue(path: String, reason: String)
    /// A record's `EncryptedValueStore` (at `path`) holds a field key its `ValueStore` holds too.
    case fieldInBothStores(path: String, key: String)
    /// A dictionary of record values names one key twice (`path` is the second entry).
    case duplicateKey(path: String, key: String)
    /// The archive holds neither a change token, nor system fields, nor a record.
    case unrecognizedContents(reason: String)

    public var description: String {
        switch self {
        case let .propertyList(error):
            "keyed archive: \(error)"
        case let .notKeyedArchive(reason):
            "not an NSKeyedArchiver archive: \(reason)"
        case let .missingValue(path):
            "keyed archive: \(path) is missing"
        case let .typeMismatch(path, expected, found):
            "keyed archive: \(path) is a \(found), expected \(expected)"
        case let .referenceOutOfRange(path, uid, objectCount):
            "keyed archive: \(path) refers to object \(uid) but $objects has \(objectCount) entries"
        case let .invalidClass(path, reason):
            "keyed archive: the class of \(path) is invalid: \(reason)"
        case let .unexpectedClass(path, expected, found):
            "keyed archive: \(path) is a \(found), expected \(expected)"
        case let .unsupportedValue(path, className):
            "keyed archive: \(path) holds a \(className), which has no record field kind"
        case let .invalidValue(path, reason):
            "keyed archive: \(path): \(reason)"
        case let .fieldInBothStores(path, key):
            "keyed archive: \(path) holds field \"\(key)\", which the record's ValueStore holds too"
        case let .duplicateKey(path, key):
            "keyed archive: \(path) repeats field \"\(key)\""
        case let .unrecognizedContents(reason):
            "keyed archive holds no change token, system fields or record: \(reason)"
        }
    }
}
