import Foundation

/// A field `type` as Web Services JSON writes it.
enum WebServicesFieldType: Equatable {
    /// One value's type.
    enum Scalar: Equatable {
        case string, int64, double, timestamp, bytes, encryptedBytes, reference, asset, location

        /// The record model's kind for the value (encrypted bytes are bytes).
        var kind: FieldKind {
            switch self {
            case .string: .string
            case .int64: .int64
            case .double: .double
            case .timestamp: .timestamp
            case .bytes, .encryptedBytes: .bytes
            case .reference: .reference
            case .asset: .asset
            case .location: .location
            }
        }
    }

    case scalar(Scalar)
    case list(Scalar)
    /// `UNKNOWN_LIST`: the server's type for a list whose element type it does not know.
    case unknownList

    /// The names the decoder accepts. `ASSETID` is what real responses say for assets; `ASSET` is what
    /// requests and the documentation say.
    static let names: [(StaticString, WebServicesFieldType)] = [
        ("STRING", .scalar(.string)), ("INT64", .scalar(.int64)), ("DOUBLE", .scalar(.double)),
        ("TIMESTAMP", .scalar(.timestamp)), ("BYTES", .scalar(.bytes)), ("ENCRYPTED_BYTES", .scalar(.encryptedBytes)),
        ("REFERENCE", .scalar(.reference)), ("ASSETID", .scalar(.asset)), ("ASSET", .scalar(.asset)),
        ("LOCATION", .scalar(.location)),
        ("STRING_LIST", .list(.string)), ("INT64_LIST", .list(.int64)), ("DOUBLE_LIST", .list(.double)),
        ("TIMESTAMP_LIST", .list(.timestamp)), ("BYTES_LIST", .list(.bytes)), ("REFERENCE_LIST", .list(.reference)),
        ("ASSETID_LIST", .list(.asset)), ("ASSET_LIST", .list(.asset)), ("LOCATION_LIST", .list(.location)),
        ("UNKNOWN_LIST", .unknownList),
    ]

    /// The name the encoder writes for a value's kind.
    static func name(of kind: FieldKind, encrypted: Bool) -> String? {
        switch kind {
        case .string: "STRING"
        case .int64: "INT64"
        case .double: "DOUBLE"
        case .timestamp: "TIMESTAMP"
        case .bytes: encrypted ? "ENCRYPTED_BYTES" : "BYTES"
        case .reference: "REFERENCE"
        case .asset: "ASSETID"
        case .location: "LOCATION"
        case .list: nil
        }
    }
}

extension JSONScanner {
    /// Reads a field `type` string.
    mutating func readFieldType() throws(WebServicesError) -> WebServicesFieldType {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw mismatch(expected: "a field type name") }
        let start = index
        let raw = try scanString()
        if !raw.hasEscapes, let base = bytes.baseAddress {
            let length = raw.end - raw.start
            for (name, type) in WebServicesFieldType.names where name.utf8CodeUnitCount == length {
                if memcmp(base + raw.start, name.utf8Start, length) == 0 { return type }
            }
        }
        let text = raw.hasEscapes ? try unescape(raw) : String(decoding: UnsafeBufferPointer(rebasing: bytes[raw.start..<raw.end]), as: UTF8.self)
        throw error(.unknownFieldType(text), at: start)
    }
}
