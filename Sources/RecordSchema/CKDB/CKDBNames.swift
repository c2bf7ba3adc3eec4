import Foundation

/// Names the CloudKit Schema Language treats specially: system fields, built-in roles, and when a name must
/// be quoted.
enum CKDBNames {
    /// The system fields every record type has, with the type cktool writes for each, in byte order.
    static let systemFields: [(name: String, type: String)] = [
        ("___createTime", "TIMESTAMP"),
        ("___createdBy", "REFERENCE"),
        ("___etag", "STRING"),
        ("___modTime", "TIMESTAMP"),
        ("___modifiedBy", "REFERENCE"),
        ("___recordID", "REFERENCE"),
    ]

    static func isSystemField(_ name: String) -> Bool { systemFields.contains { $0.name == name } }

    /// Roles CloudKit defines: no `CREATE ROLE` needed.
    static let builtInRoles: Set<String> = ["_creator", "_icloud", "_world"]

    /// CKRecord's reserved keys: no field may use them.
    static let reservedFieldNames: Set<String> = [
        "recordType", "recordID", "recordName", "recordChangeTag", "creationDate", "creatorUserRecordID",
        "modificationDate", "lastModifiedUserRecordID", "parent", "share",
    ]

    /// A name the schema language accepts: a letter first, then letters, digits and `_`; at most 255.
    static func isSchemaIdentifier(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 255, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// Whether .ckdb needs the name in quotes: cktool quotes names that start with `_` (system fields,
    /// built-in roles); anything that is not a plain word, and the word `GRANT` (it would start a grant),
    /// need quotes too.
    static func needsQuotes(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, isLetter(first) else { return true }
        if name.uppercased() == "GRANT" { return true }
        return !bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// The name as .ckdb writes it, quoted when needed (`"` doubled inside quotes).
    static func spelled(_ name: String) -> String {
        guard needsQuotes(name) else { return name }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
