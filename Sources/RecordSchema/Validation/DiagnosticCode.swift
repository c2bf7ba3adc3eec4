/// Every diagnostic code the schema tools emit, with its one-line meaning.
///
/// Codes are stable: a code, once shipped, keeps its meaning. `RK0xx` are about reading a file
/// (I/O, XML, the schema language's XSD); `RK1xx` are the semantic rules of a schema.
/// `Schemas/README.md` documents the same list for people.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    // MARK: Reading (RK0xx)
    case fileUnreadable = "RK001"
    case fileTooLarge = "RK002"
    case malformedXML = "RK003"
    case doctypeRefused = "RK004"
    case nestingTooDeep = "RK005"
    case schemaLanguageViolation = "RK006"
    case embeddedXSDBroken = "RK007"
    case noSchemaFiles = "RK008"

    // MARK: Semantic rules (RK1xx)
    case duplicateRecordType = "RK101"
    case duplicateEnum = "RK102"
    case duplicateField = "RK103"
    case invalidName = "RK104"
    case reservedFieldName = "RK105"
    case systemFieldPrefix = "RK106"
    case sinceOutOfRange = "RK107"
    case requiredFieldNeedsDefault = "RK108"
    case encryptionNotSupported = "RK109"
    case encryptedFieldIndexed = "RK110"
    case searchableNotString = "RK111"
    case assetIndexed = "RK112"
    case unknownReferenceTarget = "RK113"
    case referenceOptionOnNonReference = "RK114"
    case unknownEnum = "RK115"
    case enumKindMismatch = "RK116"
    case invalidDefault = "RK117"
    case defaultNotAllowed = "RK118"
    case versionFieldCollision = "RK119"
    case invalidMergeClock = "RK120"
    case retiredNameInUse = "RK121"
    case unknownRole = "RK122"
    case unknownZone = "RK123"
    case duplicateEnumCase = "RK124"
    case invalidEnumCaseValue = "RK125"
    case representationMismatch = "RK126"
    case listElementKind = "RK127"
    case retiredVersionOutOfRange = "RK128"
    case duplicateZoneOrRole = "RK129"
    case rejectNeedsVersionField = "RK130"
    case multipleMergeRules = "RK131"

    /// The code as printed: `RK101`.
    public var code: String { rawValue }

    /// What the code means, in one line.
    public var meaning: String {
        switch self {
        case .fileUnreadable: "a path does not exist or cannot be read"
        case .fileTooLarge: "a file is larger than the reader's size limit"
        case .malformedXML: "a file is not well-formed XML"
        case .doctypeRefused: "a file has a DOCTYPE; schema files never need one, and it could load other files"
        case .nestingTooDeep: "elements are nested deeper than the reader's depth limit"
        case .schemaLanguageViolation: "a file does not follow the schema language (Schemas/RecordSchema.xsd)"
        case .embeddedXSDBroken: "the tool's own copy of RecordSchema.xsd does not compile (a bug in the tool)"
        case .noSchemaFiles: "a folder holds no *.records.xml file"
        case .duplicateRecordType: "two record types have the same name"
        case .duplicateEnum: "two enums, or an enum and a record type, have the same name"
        case .duplicateField: "a record type declares a field name twice"
        case .invalidName: "a name CloudKit or Swift would refuse (a letter first, then letters, digits, _; at most 255)"
        case .reservedFieldName: "a field is named like a CKRecord reserved key"
        case .systemFieldPrefix: "a field name starts with ___, which CloudKit keeps for system fields"
        case .sinceOutOfRange: "a field's since is not in 1...version"
        case .requiredFieldNeedsDefault: "a required field added after version 1 has no default"
        case .encryptionNotSupported: "encrypted on a kind CloudKit cannot encrypt"
        case .encryptedFieldIndexed: "an encrypted field asks for an index"
        case .searchableNotString: "searchable on a field that is not a string"
        case .assetIndexed: "an index on an asset field"
        case .unknownReferenceTarget: "to names no record type of the schema"
        case .referenceOptionOnNonReference: "to or action on a field that holds no references"
        case .unknownEnum: "enum names no enum of the schema"
        case .enumKindMismatch: "a field's kind differs from its enum's kind"
        case .invalidDefault: "a default does not parse as the field's kind, or names no case of its enum"
        case .defaultNotAllowed: "a default on an asset, reference, location or list field"
        case .versionFieldCollision: "versionField is also the name of a field or retired field"
        case .invalidMergeClock: "the merge clock is missing, unknown or not a timestamp field"
        case .retiredNameInUse: "a retired name is also a field, or is retired twice"
        case .unknownRole: "a grant names a role that is neither declared nor built in"
        case .unknownZone: "a record type names a zone the schema does not declare"
        case .duplicateEnumCase: "an enum has two cases with the same name or the same value"
        case .invalidEnumCaseValue: "an int64 enum case's value is not a 64-bit integer"
        case .representationMismatch: "as does not fit the field's kind, or is combined with enum"
        case .listElementKind: "a list without of, or of on a field that is not a list"
        case .retiredVersionOutOfRange: "a retired field's in is not in 2...version"
        case .duplicateZoneOrRole: "two zones or two roles have the same name"
        case .rejectNeedsVersionField: "onNewerVersion=\"reject\" on a record type without a versionField"
        case .multipleMergeRules: "a record type has more than one merge element"
        }
    }
}

extension Diagnostic {
    /// Creates a diagnostic with one of the schema tools' codes.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, code: DiagnosticCode) {
        self.init(severity, message, at: location, code: code.rawValue)
    }
}
