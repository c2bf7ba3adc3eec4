/// Why a record could not be read into a generated model.
///
/// Every case names the record type, the record's name and, where one is at fault, the field, and
/// ``description`` reads as a sentence that says what to do.
public enum RecordDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The record was written by a newer version of the app, and the type's `onNewerVersion` rule is `reject`.
    case newerVersion(recordType: String, recordName: String, versionField: String, found: Int, supported: Int)
    /// A required field is absent although the record's version says it should be there.
    case missingField(recordType: String, recordName: String, field: String)
    /// A field holds a value of another kind than the schema declares.
    case typeMismatch(recordType: String, recordName: String, field: String, expected: FieldType, found: FieldType)
    /// A field holds a value of the right kind that the model cannot represent: a string that is not a UUID
    /// or URL, an int64 that is neither 0 nor 1 for a Bool, a number out of `Int`'s range.
    case invalidValue(recordType: String, recordName: String, field: String, value: String, reason: String)
    /// The record is of another record type than the model.
    case wrongRecordType(expected: String, found: String, recordName: String)

    /// The record type named by the error.
    public var recordType: String {
        switch self {
        case let .newerVersion(recordType, _, _, _, _), let .missingField(recordType, _, _),
            let .typeMismatch(recordType, _, _, _, _), let .invalidValue(recordType, _, _, _, _):
            recordType
        case let .wrongRecordType(expected, _, _): expected
        }
    }

    /// The name of the record that could not be read.
    public var recordName: String {
        switch self {
        case let .newerVersion(_, recordName, _, _, _), let .missingField(_, recordName, _),
            let .typeMismatch(_, recordName, _, _, _), let .invalidValue(_, recordName, _, _, _),
            let .wrongRecordType(_, _, recordName):
            recordName
        }
    }

    /// The field at fault, if one is.
    public var field: String? {
        switch self {
        case let .newerVersion(_, _, versionField, _, _): versionField
        case let .missingField(_, _, field), let .typeMismatch(_, _, field, _, _), let .invalidValue(_, _, field, _, _):
            field
        case .wrongRecordType: nil
        }
    }

    public var description: String {
        switch self {
        case let .newerVersion(recordType, recordName, versionField, found, supported):
            "\(recordType) record '\(recordName)' has \(versionField) \(found), but this app reads \(recordType) "
                + "records up to version \(supported): update the app to read it"
        case let .missingField(recordType, recordName, field):
            "\(recordType) record '\(recordName)' has no value for the required field '\(field)'"
        case let .typeMismatch(recordType, recordName, field, expected, found):
            "\(recordType) record '\(recordName)' holds a \(found) in field '\(field)', which the schema declares as \(expected)"
        case let .invalidValue(recordType, recordName, field, value, reason):
            "\(recordType) record '\(recordName)' holds \(value) in field '\(field)', which is not \(reason)"
        case let .wrongRecordType(expected, found, recordName):
            "record '\(recordName)' is a \(found) record, not a \(expected) record"
        }
    }
}

/// Why one field value could not become a Swift value; ``RecordFieldReader`` adds the record and field names
/// and turns it into a ``RecordDecodingError``.
public enum FieldValueError: Error, Sendable, Hashable {
    /// The value is of another kind.
    case typeMismatch(expected: FieldType, found: FieldType)
    /// The value is of the right kind but not representable; `reason` completes "which is not …".
    case invalidValue(value: String, reason: String)
}
