/// Why a CloudKit Web Services JSON body could not be read or written, and where.
///
/// `path` names the JSON member that went wrong (`records[3].fields.title.value`); `offset` is the byte offset
/// in the input where the problem was found, with its `line` and `column` (both from 1). Errors raised while
/// encoding have offset, line and column 0.
public struct WebServicesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The bytes are not JSON: `expected` describes what the grammar allows here, `found` what is there.
        case syntax(expected: String, found: String)
        /// The input ended inside a value.
        case unexpectedEnd
        /// Something other than whitespace follows the top-level value.
        case trailingData
        /// Objects and arrays are nested deeper than the limit.
        case tooDeep(limit: Int)
        /// A string with a bad escape, a raw control character, a lone surrogate or invalid UTF-8.
        case invalidString(String)
        /// A number that is not valid here (for example a fraction where an integer is required).
        case invalidNumber(String)
        /// A JSON value of another kind than the one this member needs.
        case typeMismatch(expected: String, found: String)
        /// A member that must be present is missing.
        case missingKey(String)
        /// An object holds this member name twice (the path ends at the second one).
        case duplicateKey(String)
        /// A field `type` this decoder does not know.
        case unknownFieldType(String)
        /// A field without `type` whose value does not say which type it is.
        case ambiguousFieldType(String)
        /// A string that should be base64 and is not.
        case invalidBase64
        /// A value of the right JSON kind that CloudKit does not allow (bad reference action, empty asset,
        /// out-of-range location, an error entry where a record was expected).
        case invalidValue(String)
        /// A body that `WebServicesJSON.contents(of:)` does not recognise; `keys` are its top-level members.
        case unrecognizedBody(keys: [String])
        /// A value that Web Services JSON cannot express (encoding only).
        case unrepresentable(String)
    }

    /// One step of a JSON path.
    public enum PathComponent: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// What went wrong.
    public var reason: Reason
    /// Where in the JSON tree, outermost first.
    public var path: [PathComponent]
    /// The byte offset in the input.
    public var offset: Int
    /// The line of `offset`, from 1.
    public var line: Int
    /// The column of `offset` in bytes, from 1.
    public var column: Int

    /// Creates an error.
    public init(_ reason: Reason, path: [PathComponent] = [], offset: Int = 0, line: Int = 0, column: Int = 0) {
        self.reason = reason
        self.path = path
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The path written as `records[3].fields.title.value`; `$` for the top level.
    public var pathDescription: String {
        var text = ""
        for component in path {
            switch component {
            case let .key(name): text += text.isEmpty ? name : "." + name
            case let .index(index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "$" : text
    }

    /// The same error one level further in: `component` is prepended to the path.
    func within(_ component: PathComponent) -> WebServicesError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }

    public var description: String {
        let location = line > 0 ? "\(line):\(column) (byte \(offset))" : "encoding"
        return "\(location) at \(pathDescription): \(reason.message)"
    }
}

extension WebServicesError.Reason {
    /// A one-line explanation with a hint at the fix.
    public var message: String {
        switch self {
        case let .syntax(expected, found): "invalid JSON: expected \(expected), found \(found)"
        case .unexpectedEnd: "invalid JSON: the input ends inside a value"
        case .trailingData: "invalid JSON: more data after the top-level value"
        case let .tooDeep(limit): "JSON nested deeper than \(limit) levels"
        case let .invalidString(detail): "invalid string: \(detail)"
        case let .invalidNumber(detail): "invalid number: \(detail)"
        case let .typeMismatch(expected, found): "expected \(expected), found \(found)"
        case let .missingKey(key): "missing required member \"\(key)\""
        case let .duplicateKey(key): "member \"\(key)\" appears twice in one object (JSON names must be unique here)"
        case let .unknownFieldType(type): "unknown field type \"\(type)\" (expected STRING, INT64, DOUBLE, TIMESTAMP, BYTES, ENCRYPTED_BYTES, REFERENCE, ASSET, ASSETID, LOCATION or a <T>_LIST)"
        case let .ambiguousFieldType(detail): "field has no \"type\" and \(detail): give the type explicitly"
        case .invalidBase64: "not valid base64"
        case let .invalidValue(detail): detail
        case let .unrecognizedBody(keys): "not a CloudKit Web Services body this decoder knows (top-level keys: \(keys.joined(separator: ", ")))"
        case let .unrepresentable(detail): "cannot be written as Web Services JSON: \(detail)"
        }
    }
}
