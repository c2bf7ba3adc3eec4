/// What CloudKit and the generator accept as names.
enum NameRules {
    /// The longest name CloudKit accepts.
    static let maximumLength = 255

    /// Keys CKRecord keeps for itself: a field so named could not be read or written.
    static let reservedFieldNames: Set<String> = [
        "recordType", "recordID", "recordName", "recordChangeTag", "creationDate", "creatorUserRecordID",
        "modificationDate", "lastModifiedUserRecordID", "parent", "share",
    ]

    /// The prefix of CloudKit's system fields.
    static let systemPrefix = "___"

    /// Roles every CloudKit container has.
    static let builtInRoles: Set<String> = ["_creator", "_icloud", "_world"]

    /// The zone every database has without declaring it.
    static let defaultZone = "_defaultZone"

    /// Why `name` is not a valid name, or nil when it is: an ASCII letter first, then ASCII letters, digits
    /// and `_`, at most 255 characters.
    static func problem(with name: String) -> String? {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { return "is empty" }
        guard isLetter(first) else { return "must start with a letter" }
        guard bytes.count <= maximumLength else { return "is \(bytes.count) characters long, more than \(maximumLength)" }
        if let bad = name.unicodeScalars.first(where: { !($0.isASCII && (isLetter(UInt8($0.value)) || isDigit(UInt8($0.value)) || $0 == "_")) }) {
            return "contains '\(bad)'; use only letters, digits and _"
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

extension ValidationContext {
    /// RK104: `name` (what it names: "record type", "field") must be a valid name.
    mutating func checkName(_ name: String, of what: String, at location: SourceLocation) {
        if let problem = NameRules.problem(with: name) {
            error(.invalidName, at: location,
                  "\(what) name '\(name)' \(problem): CloudKit accepts a letter first, then letters, digits and _ (at most 255)")
        }
    }

    /// RK104, RK105, RK106: a field name (or a version field's, or a retired one's) CloudKit can store.
    mutating func checkFieldName(_ name: String, of what: String, at location: SourceLocation) {
        if name.hasPrefix(NameRules.systemPrefix) {
            error(.systemFieldPrefix, at: location,
                  "\(what) name '\(name)' starts with ___, which CloudKit keeps for its system fields: rename it")
        } else if NameRules.reservedFieldNames.contains(name) {
            error(.reservedFieldName, at: location,
                  "\(what) name '\(name)' is a CKRecord reserved key and cannot be a field: rename it (for example '\(name)Value')")
        } else {
            checkName(name, of: what, at: location)
        }
    }
}
