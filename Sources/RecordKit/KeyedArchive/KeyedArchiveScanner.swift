import Foundation

/// The fast path for the archives read most often: change tokens and system fields.
///
/// It reads the shapes Apple writes straight from the plist bytes: keys are compared as byte ranges against
/// static strings, no paths are built, and the keys of `$top` are matched in one pass. It checks every bound
/// and reference the general ``KeyedArchiveReader`` checks on the same path, through the same
/// ``BinaryPropertyListDocument`` primitives. It never decides an error: whenever an archive is damaged, or
/// is anything but the plain shape (a parent reference, an NSString object, a missing class chain), it stops
/// with ``Miss`` and the caller runs the general reader, which decodes the archive or names what is wrong.
/// So the scanner returns only values the general reader returns for the same bytes.
struct KeyedArchiveScanner {
    /// The scanner does not take this archive; the general reader must.
    struct Miss: Error {}

    typealias References = BinaryPropertyListDocument.References

    /// A dictionary of `$objects` whose `$class` names a class entry.
    struct Object {
        let keys: References
        let values: References
        /// The plist object of the class entry (`$classname`, `$classes`).
        let classEntry: Int
    }

    /// What a value resolves to, as ``KeyedArchiveReader`` resolves it (`ArchiveNode`).
    enum Node {
        case null
        case string(String)
        case data(Data)
        /// An NSNumber: `.integer`, `.unsignedInteger`, `.real` or `.bool`.
        case number(PropertyListValue)
        case object(Object)
    }

    let document: BinaryPropertyListDocument
    /// The references of `$objects`.
    let objects: References
    /// The key and value references of `$top`.
    let topKeys: References
    let topValues: References

    /// Reads the envelope as ``KeyedArchiveReader/init(document:)`` does: `$archiver`, `$objects`, `$top`.
    init(document: BinaryPropertyListDocument) throws(Miss) {
        self.document = document
        guard let (keys, values) = try Self.checked({ try document.dictionary(document.topObject) }),
              let archiver = try Self.find("$archiver", keys: keys, values: values, document),
              case .scalar(.string("NSKeyedArchiver")) = try Self.checked({ try document.object(archiver) }),
              let objectsIndex = try Self.find("$objects", keys: keys, values: values, document),
              let objects = try Self.checked({ try document.array(objectsIndex) }),
              let topIndex = try Self.find("$top", keys: keys, values: values, document),
              let (topKeys, topValues) = try Self.checked({ try document.dictionary(topIndex) })
        else { throw Miss() }
        self.objects = objects
        self.topKeys = topKeys
        self.topValues = topValues
    }

    /// Runs a plist read; any plist error is a miss (the general reader will report it). Untyped, so the
    /// closures need no annotation; an error is boxed only on a miss, which the general reader then redoes.
    @inline(__always)
    static func checked<T>(_ body: () throws -> T) throws(Miss) -> T {
        do { return try body() } catch { throw Miss() }
    }

    /// The value (plist object) of the first ASCII-string key equal to `key`, nil when absent: the search of
    /// ``BinaryPropertyListDocument/position(of:in:)-(_,References)``, which also stops at the first match.
    static func find(
        _ key: StaticString, keys: References, values: References, _ document: BinaryPropertyListDocument
    ) throws(Miss) -> Int? {
        let wanted = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        for position in 0..<keys.count {
            guard let span = try checked({ try document.asciiKeySpan(document.reference(keys, position)) }),
                  span.count == wanted.count,
                  document.bytes(at: span.start, equal: wanted)
            else { continue }
            return try checked { try document.reference(values, position) }
        }
        return nil
    }

    /// The value under `key` in an object.
    @inline(__always)
    func find(_ key: StaticString, in object: Object) throws(Miss) -> Int? {
        try Self.find(key, keys: object.keys, values: object.values, document)
    }

    /// Resolves the plist object `index` as ``KeyedArchiveReader`` does: a UID is followed into `$objects`
    /// (UID 0 is nil), anything else is an inline value; a dictionary is an object with a class entry.
    func node(_ index: Int) throws(Miss) -> Node {
        var target = index
        if let uid = try Self.checked({ try document.uid(index) }) {
            guard uid < UInt64(objects.count) else { throw Miss() }
            if uid == 0 { return .null }
            target = try Self.checked { try document.reference(objects, Int(uid)) }
        }
        switch try Self.checked({ try document.object(target) }) {
        case let .scalar(.string(text)): return text == "$null" ? .null : .string(text)
        case let .scalar(.data(bytes)): return .data(bytes)
        case let .scalar(number) where number.isNumber: return .number(number)
        case let .dictionary(keys, values): return .object(try object(keys: keys, values: values))
        case .scalar, .array, .set: throw Miss()
        }
    }

    /// The object of a dictionary whose `$class` is a UID naming a class-entry dictionary.
    private func object(keys: References, values: References) throws(Miss) -> Object {
        guard let classIndex = try Self.find("$class", keys: keys, values: values, document),
              let uid = try Self.checked({ try document.uid(classIndex) }), uid > 0, uid < UInt64(objects.count)
        else { throw Miss() }
        let entry = try Self.checked { try document.reference(objects, Int(uid)) }
        guard try Self.checked({ try document.dictionary(entry) }) != nil else { throw Miss() }
        return Object(keys: keys, values: values, classEntry: entry)
    }

    /// Whether `$classes` of an object's class entry holds `name`, as ``KeyedArchiveReader/isKind(_:of:)``
    /// decides it: elements that cannot be read are skipped. A class entry with no `$classes` array is a miss.
    func isKind(_ object: Object, of name: StaticString) throws(Miss) -> Bool {
        let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        guard let (keys, values) = try Self.checked({ try document.dictionary(object.classEntry) }),
              let chainIndex = try Self.find("$classes", keys: keys, values: values, document),
              let chain = try Self.checked({ try document.array(chainIndex) })
        else { throw Miss() }
        for position in 0..<chain.count {
            guard let element = try? document.reference(chain, position),
                  let span = try? document.asciiKeySpan(element),
                  span.count == wanted.count
            else { continue }
            if document.bytes(at: span.start, equal: wanted) { return true }
        }
        return false
    }
}
