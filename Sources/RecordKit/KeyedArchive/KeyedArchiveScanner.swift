import Foundation

/// The fast path for the archives read most often: change tokens and system fields.
///
/// It reads the shapes Apple writes straight from the plist bytes: keys are compared as byte ranges against
/// static strings, no paths or strings are built until a value is kept, the keys of `$top` are matched in one
/// pass, and where each key lies and what each class entry is are worked out once per plist object. It
/// checks every bound and reference the general ``KeyedArchiveReader`` checks on the same path (``PlistBytes``
/// mirrors the checks of ``BinaryPropertyListDocument``, narrowed). It never decides an error: whenever an
/// archive is damaged, or
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

    /// A string value, turned into a `String` only when it is used.
    enum Text {
        /// The bytes of an ASCII string object.
        case ascii(BinaryPropertyListDocument.KeySpan)
        /// A string the document decoded (UTF-16).
        case decoded(String)
    }

    /// What a value resolves to, as ``KeyedArchiveReader`` resolves it (`ArchiveNode`).
    enum Node {
        case null
        case text(Text)
        case data(Data)
        /// An NSNumber: `.integer`, `.unsignedInteger`, `.real` or `.bool`.
        case number(PropertyListValue)
        case object(Object)
    }

    /// The classes the scanner asks about.
    enum ClassName: Int {
        case serverChangeToken, data, recordID, zoneID, date

        var name: StaticString {
            switch self {
            case .serverChangeToken: "CKServerChangeToken"
            case .data: "NSData"
            case .recordID: "CKRecordID"
            case .zoneID: "CKRecordZoneID"
            case .date: "NSDate"
            }
        }
    }

    let bytes: PlistBytes
    /// Per plist object (a class entry): for each ``ClassName``, a bit saying it was checked and a bit with
    /// the answer, so each class chain is read once.
    private let kinds: UnsafeMutableBufferPointer<Int>
    /// The references of `$objects`.
    let objects: References
    /// The key and value references of `$top`.
    let topKeys: References
    let topValues: References

    /// Reads the envelope as ``KeyedArchiveReader/init(document:)`` does: `$archiver`, `$objects`, `$top`.
    /// `spans` and `kinds` (one element per plist object) hold what the scan learns; they must outlive it.
    init(document: BinaryPropertyListDocument, spans: UnsafeMutableBufferPointer<Int>, kinds: UnsafeMutableBufferPointer<Int>) throws(Miss) {
        let bytes = try PlistBytes(document, spans: spans)
        guard kinds.count == document.objectCount else { throw Miss() }
        kinds.initialize(repeating: 0)
        self.kinds = kinds
        self.bytes = bytes
        guard let (keys, values) = try bytes.dictionary(document.topObject),
              let archiver = try Self.find("$archiver", keys: keys, values: values, bytes),
              let archiverName = try bytes.asciiSpan(archiver), bytes.span(archiverName, equals: "NSKeyedArchiver"),
              let objectsIndex = try Self.find("$objects", keys: keys, values: values, bytes),
              let objects = try bytes.array(objectsIndex),
              let topIndex = try Self.find("$top", keys: keys, values: values, bytes),
              let (topKeys, topValues) = try bytes.dictionary(topIndex)
        else { throw Miss() }
        self.objects = objects
        self.topKeys = topKeys
        self.topValues = topValues
    }

    /// The value (plist object) of the first ASCII-string key equal to `key`, nil when absent: the search of
    /// ``BinaryPropertyListDocument/position(of:in:)-(_,References)``, which also stops at the first match.
    @inline(__always)
    static func find(_ key: StaticString, keys: References, values: References, _ bytes: PlistBytes) throws(Miss) -> Int? {
        for position in 0..<keys.count {
            guard let span = try bytes.asciiSpan(bytes.reference(keys, position)), bytes.span(span, equals: key) else { continue }
            return try bytes.reference(values, position)
        }
        return nil
    }

    /// The value under `key` in an object.
    @inline(__always)
    func find(_ key: StaticString, in object: Object) throws(Miss) -> Int? {
        try Self.find(key, keys: object.keys, values: object.values, bytes)
    }

    /// Resolves the plist object `index` as ``KeyedArchiveReader`` does: a UID is followed into `$objects`
    /// (UID 0 is nil), anything else is an inline value; the string `$null` is nil; a dictionary is an
    /// object with a class entry. ASCII strings, dictionaries and 8-byte reals (dates) are read here, other
    /// values by the document.
    func node(_ index: Int) throws(Miss) -> Node {
        var target = index
        if let uid = try bytes.uid(index) {
            guard uid < objects.count else { throw Miss() }
            if uid == 0 { return .null }
            target = try bytes.reference(objects, uid)
        }
        let start = try bytes.offset(of: target)
        if let span = try bytes.asciiSpan(at: start) {
            return bytes.span(span, equals: "$null") ? .null : .text(.ascii(span))
        }
        if let (keys, values) = try bytes.dictionary(at: start) {
            return .object(try object(keys: keys, values: values))
        }
        if let seconds = try bytes.double(at: start) { return .number(.real(seconds)) }
        switch try Self.checked({ try bytes.document.object(target) }) {
        case let .scalar(.string(text)): return text == "$null" ? .null : .text(.decoded(text))
        case let .scalar(.data(data)): return .data(data)
        case let .scalar(number) where number.isNumber: return .number(number)
        case .scalar, .array, .set, .dictionary: throw Miss()
        }
    }

    /// The `String` of a text. The owner name almost every archive holds is shared rather than built again.
    func string(_ text: Text) -> String {
        switch text {
        case let .ascii(span):
            bytes.span(span, equals: "__defaultOwner__") ? RecordZoneID.defaultOwnerName : bytes.string(span)
        case let .decoded(string):
            string
        }
    }

    /// Runs a read of the general document; any plist error is a miss (the general reader will report it).
    @inline(__always)
    static func checked<T>(_ body: () throws -> T) throws(Miss) -> T {
        do { return try body() } catch { throw Miss() }
    }

    /// The object of a dictionary whose `$class` is a UID naming a class-entry dictionary.
    private func object(keys: References, values: References) throws(Miss) -> Object {
        guard let classIndex = try Self.find("$class", keys: keys, values: values, bytes),
              let uid = try bytes.uid(classIndex), uid > 0, uid < objects.count
        else { throw Miss() }
        let entry = try bytes.reference(objects, uid)
        guard try bytes.dictionary(entry) != nil else { throw Miss() }
        return Object(keys: keys, values: values, classEntry: entry)
    }

    /// Whether `$classes` of an object's class entry holds `name`, as ``KeyedArchiveReader/isKind(_:of:)``
    /// decides it: elements that cannot be read are skipped. A class entry with no `$classes` array is a miss.
    func isKind(_ object: Object, of className: ClassName) throws(Miss) -> Bool {
        let entry = object.classEntry
        guard entry >= 0, entry < kinds.count else { throw Miss() }
        let checked = 1 << (2 * className.rawValue)
        let answer = checked << 1
        if kinds[entry] & checked != 0 { return kinds[entry] & answer != 0 }
        let result = try isKind(entry, named: className.name)
        kinds[entry] |= checked | (result ? answer : 0)
        return result
    }

    /// Whether the `$classes` of class entry `entry` holds `name`.
    private func isKind(_ entry: Int, named name: StaticString) throws(Miss) -> Bool {
        guard let (keys, values) = try bytes.dictionary(entry),
              let chainIndex = try Self.find("$classes", keys: keys, values: values, bytes),
              let chain = try bytes.array(chainIndex)
        else { throw Miss() }
        for position in 0..<chain.count {
            guard let element = try? bytes.reference(chain, position),
                  let span = try? bytes.asciiSpan(element)
            else { continue }
            if bytes.span(span, equals: name) { return true }
        }
        return false
    }
}
