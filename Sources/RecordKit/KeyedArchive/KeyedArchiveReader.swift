import Foundation

/// One object of a keyed archive (a dictionary with a `$class`), or `$top`, read lazily.
struct ArchivedObject {
    fileprivate let keys: BinaryPropertyListDocument.References
    fileprivate let values: BinaryPropertyListDocument.References
    /// The plist object holding the class entry (`$classname`, `$classes`); nil for `$top`.
    fileprivate let classEntry: Int?
    /// Where the object sits; turned into a path only when an error or a child object needs one.
    fileprivate let location: ArchiveLocation

    /// Where the object sits, for error messages.
    var path: ArchivePath { location.path }
}

/// A place in an archive: a built path plus up to three keys below it, kept inline so looking values up
/// in nested objects allocates nothing until an error needs the path.
struct ArchiveLocation {
    private let base: ArchivePath
    private let first: String?
    private let second: String?
    private let third: String?

    init(_ path: ArchivePath) {
        base = path
        first = nil
        second = nil
        third = nil
    }

    private init(base: ArchivePath, first: String?, second: String?, third: String?) {
        self.base = base
        self.first = first
        self.second = second
        self.third = third
    }

    /// The location of `key` below this one.
    func child(_ key: String) -> ArchiveLocation {
        if first == nil { return ArchiveLocation(base: base, first: key, second: nil, third: nil) }
        if second == nil { return ArchiveLocation(base: base, first: first, second: key, third: nil) }
        if third == nil { return ArchiveLocation(base: base, first: first, second: second, third: key) }
        return ArchiveLocation(base: path, first: key, second: nil, third: nil)
    }

    var path: ArchivePath {
        var path = base
        for key in [first, second, third] { if let key { path = path.key(key) } }
        return path
    }
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

/// Reads the NSKeyedArchiver envelope and resolves references on demand, with a path for every error.
struct KeyedArchiveReader {
    let document: BinaryPropertyListDocument
    /// The references of `$objects`.
    private let objects: BinaryPropertyListDocument.References
    /// `$top` seen as an object, so system-field archives and objects share one API.
    let top: ArchivedObject
    /// The byte spans of the keys of `$top`, found once: a system-fields archive has 35 keys, searched often.
    private let topKeySpans: [BinaryPropertyListDocument.KeySpan]

    /// Reads the envelope of a keyed archive held by `document`.
    init(document: BinaryPropertyListDocument) throws(KeyedArchiveError) {
        self.document = document
        do {
            guard case let .dictionary(keys, values) = try document.object(document.topObject) else {
                throw KeyedArchiveError.notKeyedArchive(reason: "the top object is not a dictionary")
            }
            guard let archiver = try Self.find("$archiver", keys: keys, values: values, document),
                  case .scalar(.string("NSKeyedArchiver")) = try document.object(archiver)
            else { throw KeyedArchiveError.notKeyedArchive(reason: "$archiver is not \"NSKeyedArchiver\"") }
            guard let objectsIndex = try Self.find("$objects", keys: keys, values: values, document),
                  case let .array(objects) = try document.object(objectsIndex)
            else { throw KeyedArchiveError.notKeyedArchive(reason: "$objects is missing or not an array") }
            guard let topIndex = try Self.find("$top", keys: keys, values: values, document),
                  case let .dictionary(topKeys, topValues) = try document.object(topIndex)
            else { throw KeyedArchiveError.notKeyedArchive(reason: "$top is missing or not a dictionary") }
            self.objects = objects
            topKeySpans = try document.keySpans(topKeys)
            top = ArchivedObject(keys: topKeys, values: topValues, classEntry: nil, location: ArchiveLocation(.top))
        } catch let error as PropertyListError {
            throw .propertyList(error)
        } catch let error as KeyedArchiveError {
            throw error
        } catch {
            throw .notKeyedArchive(reason: "\(error)")
        }
    }

    /// The plist object of the value under `key`, comparing key bytes without building strings.
    private func find(_ key: String, in object: ArchivedObject) throws(PropertyListError) -> Int? {
        if object.keys.start == top.keys.start, object.classEntry == nil {
            guard let position = document.position(of: key, in: topKeySpans) else { return nil }
            return try document.reference(object.values, position)
        }
        return try Self.find(key, keys: object.keys, values: object.values, document)
    }

    /// The plist object under `key` in a dictionary given by its references.
    private static func find(
        _ key: String, keys: BinaryPropertyListDocument.References, values: BinaryPropertyListDocument.References,
        _ document: BinaryPropertyListDocument
    ) throws(PropertyListError) -> Int? {
        guard let position = try document.position(of: key, in: keys) else { return nil }
        return try document.reference(values, position)
    }

    /// Runs a plist read, turning its error into a keyed-archive error.
    private func plist<T>(_ body: () throws(PropertyListError) -> T) throws(KeyedArchiveError) -> T {
        do { return try body() } catch { throw .propertyList(error) }
    }

    /// Whether `key` is present (even as nil) in an object.
    func contains(_ key: String, in object: ArchivedObject) throws(KeyedArchiveError) -> Bool {
        try plist { () throws(PropertyListError) in try find(key, in: object) != nil }
    }

    /// The keys of an object, for error messages.
    func keyNames(of object: ArchivedObject) throws(KeyedArchiveError) -> [String] {
        try plist { () throws(PropertyListError) in
            try (0..<object.keys.count).map { position throws(PropertyListError) in
                if case let .scalar(.string(name)) = try document.object(document.reference(object.keys, position)) { return name }
                return "?"
            }
        }
    }

    /// The node under `key` of an object; `.null` when the key is absent.
    func value(_ key: String, in object: ArchivedObject) throws(KeyedArchiveError) -> ArchiveNode {
        guard let index = try plist({ () throws(PropertyListError) in try find(key, in: object) }) else { return .null }
        return try node(index, at: object.location.child(key))
    }

    /// Resolves the plist object `index` found at `path`.
    func node(_ index: Int, at path: ArchivePath) throws(KeyedArchiveError) -> ArchiveNode {
        try node(index, at: ArchiveLocation(path))
    }

    /// Resolves the plist object `index` found at `location`: follows a UID into `$objects`, or passes an
    /// inline scalar through.
    private func node(_ index: Int, at location: ArchiveLocation) throws(KeyedArchiveError) -> ArchiveNode {
        let reference = try plist { () throws(PropertyListError) in try document.uid(index) }
        guard let uid = reference else {
            return try resolve(try plist { () throws(PropertyListError) in try document.object(index) }, at: location)
        }
        guard uid < UInt64(objects.count) else {
            throw .referenceOutOfRange(path: location.path.description, uid: uid, objectCount: objects.count)
        }
        if uid == 0 { return .null }
        let targetIndex = try plist { () throws(PropertyListError) in try document.reference(objects, Int(uid)) }
        // Objects are dictionaries: read those without building a general plist object.
        if let (keys, values) = try plist({ () throws(PropertyListError) in try document.dictionary(targetIndex) }) {
            return try archivedObject(keys: keys, values: values, at: location)
        }
        let target = try plist { () throws(PropertyListError) in try document.object(targetIndex) }
        return try resolve(target, at: location)
    }

    /// The object held by a dictionary with a `$class` that names a class entry.
    private func archivedObject(
        keys: BinaryPropertyListDocument.References, values: BinaryPropertyListDocument.References, at location: ArchiveLocation
    ) throws(KeyedArchiveError) -> ArchiveNode {
        let entry = try plist { () throws(PropertyListError) -> Int? in
            guard let classIndex = try Self.find("$class", keys: keys, values: values, document),
                  let uid = try document.uid(classIndex), uid > 0, uid < UInt64(objects.count)
            else { return nil }
            let entry = try document.reference(objects, Int(uid))
            return try document.dictionary(entry) == nil ? nil : entry
        }
        guard let entry else {
            throw .invalidClass(path: location.path.description, reason: "$class is missing or does not name a class entry")
        }
        return .object(ArchivedObject(keys: keys, values: values, classEntry: entry, location: location))
    }

    private func resolve(_ object: BinaryPropertyListDocument.Object, at location: ArchiveLocation) throws(KeyedArchiveError) -> ArchiveNode {
        switch object {
        case let .scalar(.string(text)): return text == "$null" ? .null : .string(text)
        case let .scalar(.data(bytes)): return .data(bytes)
        case let .scalar(number) where number.isNumber:
            return .number(number)
        case let .dictionary(keys, values):
            return try archivedObject(keys: keys, values: values, at: location)
        case let .scalar(other):
            throw .typeMismatch(path: location.path.description, expected: "an object, string, data or number", found: other.typeName)
        case .array, .set:
            throw .typeMismatch(path: location.path.description, expected: "an object, string, data or number", found: "array")
        }
    }

    /// The class name of an object (`$classname`); `$top` for the top.
    func className(of object: ArchivedObject) -> String {
        guard let entry = object.classEntry,
              case let .dictionary(keys, values)? = try? document.object(entry),
              let nameIndex = try? Self.find("$classname", keys: keys, values: values, document),
              case let .scalar(.string(name))? = try? document.object(nameIndex)
        else { return "$top" }
        return name
    }

    /// Whether an object's class, or one of its superclasses in `$classes`, is `name`.
    func isKind(_ object: ArchivedObject, of name: String) -> Bool {
        guard let entry = object.classEntry, let (keys, values) = try? document.dictionary(entry) else { return false }
        if let chainIndex = try? Self.find("$classes", keys: keys, values: values, document),
           let chain = try? document.array(chainIndex) {
            for position in 0..<chain.count {
                if let element = try? document.reference(chain, position),
                   (try? document.isASCIIString(element, equalTo: name)) == true { return true }
            }
            return false
        }
        return className(of: object) == name
    }

    /// The plist objects of an array-valued key (`NS.keys`, `NS.objects`); empty when absent.
    func referenceArray(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> [Int] {
        let found = try plist { () throws(PropertyListError) in try find(key, in: parent) }
        guard let index = found else { return [] }
        let array = try plist { () throws(PropertyListError) in try document.object(index) }
        guard case let .array(references) = array else {
            throw .typeMismatch(path: parent.path.key(key).description, expected: "array", found: "another plist type")
        }
        return try plist { () throws(PropertyListError) in
            try (0..<references.count).map { position throws(PropertyListError) in try document.reference(references, position) }
        }
    }
}

extension PropertyListValue {
    /// True for the values an NSNumber archives as: integers, reals and Booleans.
    var isNumber: Bool {
        switch self {
        case .integer, .unsignedInteger, .real, .bool: true
        default: false
        }
    }
}
