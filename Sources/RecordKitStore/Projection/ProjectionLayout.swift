import Foundation
import GRDB
import RecordKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The columns of one record type's projection table, and how a record's fields fill them (see
/// <doc:QueryingTheStore> for the names):
///
/// - `_rowid` (the table's integer key, also the rowid of its full-text rows), `ownerName`, `zoneName`,
///   `recordName` (the record's ID, unique), `createdAt` and `modifiedAt` (the system fields, Unix seconds).
/// - A column per field, named by its record key (a name another column has already, ignoring case, gets `_2`): strings as TEXT, integers as INTEGER, doubles as REAL,
///   timestamps as REAL Unix seconds, bytes as BLOB, an asset as the TEXT path of its local file. A bytes field
///   (or list of bytes) has a column only when the schema declares it `queryable` or `sortable`: attachments and
///   thumbnails would otherwise be stored twice and rewritten on every save for no query (see ``unprojectedKeys``).
/// - A reference: `<key>` (the target's record name), `<key>_zoneName`, `<key>_ownerName`.
/// - A location: `<key>_latitude`, `<key>_longitude`.
/// - A list: `<key>` as a JSON array (for `json_each`) of its elements written as above (references by record
///   name, locations as `[latitude, longitude]`, bytes as base64).
struct ProjectionLayout: Sendable {
    /// The version of this mapping: a change to how fields become columns rebuilds every projection.
    static let mappingVersion = 2
    /// The columns before the fields', in order.
    static let systemColumns = ["ownerName", "zoneName", "recordName", "createdAt", "modifiedAt"]

    struct FieldColumns: Sendable {
        let field: RecordFieldDescriptor
        /// The field's columns with their SQL types, in order.
        let columns: [(name: String, type: String)]
        /// The column a comparison on the field reads (the record name for a reference).
        var main: String { columns[0].name }
    }

    let recordType: String
    let fields: [FieldColumns]
    /// The fields left without a column: bytes (and lists of bytes) the schema does not index. A query on one is
    /// a typed error naming it.
    let unprojectedKeys: Set<String>

    init(recordType: String, descriptors: [RecordFieldDescriptor]) {
        self.recordType = recordType
        // SQLite column names ignore case: a name taken already (a system column, another field's) gets `_2`, `_3`…
        var taken = Set(["_rowid"] + Self.systemColumns.map { $0.lowercased() })
        func unique(_ name: String) -> String {
            var candidate = name, suffix = 1
            while taken.contains(candidate.lowercased()) {
                suffix += 1
                candidate = "\(name)_\(suffix)"
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
        unprojectedKeys = Set(descriptors.filter { !Self.isProjected($0) }.map(\.key))
        fields = descriptors.filter(Self.isProjected).map { field in
            let key = field.key
            let named: [(String, String)] = switch field.type {
            case .list: [(key, "TEXT")]
            case let .scalar(kind):
                switch kind {
                case .string, .asset: [(key, "TEXT")]
                case .int64: [(key, "INTEGER")]
                case .double, .timestamp: [(key, "REAL")]
                case .bytes: [(key, "BLOB")]
                case .reference: [(key, "TEXT"), (key + "_zoneName", "TEXT"), (key + "_ownerName", "TEXT")]
                case .location: [(key + "_latitude", "REAL"), (key + "_longitude", "REAL")]
                case .list: [(key, "TEXT")]
                }
            }
            return FieldColumns(field: field, columns: named.map { (unique($0.0), $0.1) })
        }
    }

    /// Whether a field gets columns: every field but bytes and lists of bytes the schema does not index.
    static func isProjected(_ field: RecordFieldDescriptor) -> Bool {
        switch field.type {
        case .scalar(.bytes), .list(of: .bytes): !field.indexes.isDisjoint(with: [.queryable, .sortable])
        default: true
        }
    }

    /// What the projection's shape depends on: when it changes, the table is rebuilt from the records.
    var signature: String {
        "\(Self.mappingVersion)|" + fields.map(\.field.description).joined(separator: ";")
    }

    /// Every column after the system ones, in order.
    var fieldColumnNames: [String] { fields.flatMap { $0.columns.map(\.name) } }

    /// The searchable string fields, which the full-text table indexes (its columns are named as theirs).
    var searchableFields: [FieldColumns] {
        fields.filter { $0.field.indexes.contains(.searchable) && $0.field.type == .scalar(.string) }
    }

    /// The full-text table's column names, quoted and comma-separated.
    var fullTextColumns: String {
        searchableFields.map { ProjectionNames.quoted($0.main) }.joined(separator: ", ")
    }

    func field(_ key: String) -> FieldColumns? { fields.first { $0.field.key == key } }

    /// Whether a field's value is of the kind the schema gives the field.
    private static func holds(_ value: FieldValue, _ type: FieldType) -> Bool {
        // An empty list is projected as `[]` whatever its element kind.
        if case let .list(list) = value, list.count == 0, case .list = type { return true }
        return value.type == type
    }

    /// Appends the values of the system and field columns for `record` to `sink`, as ``write(_:to:)`` writes those of
    /// the model's record, when every field the record holds is of the kind the schema gives it (then a model that
    /// decodes it writes the same values back, and they can be projected without the model's record). A field the
    /// record lacks takes its value from the record of `model`, which decoded it (its default, or nothing for an
    /// optional), made once, only when a field is missing. False when a field holds another kind, with the values
    /// of the fields before it appended (the caller rewinds the sink). One lookup per field: the check and the
    /// values, each looking every field up, cost the initial sync two; and a record lacking a field (an optional
    /// left nil), failing the check, had every column written twice. The model itself is passed: a record that
    /// holds every field (each of the initial sync's) makes nothing.
    func writeHoldingEveryField<Model: RecordModel, Sink: ProjectionColumnSink>(
        _ record: RecordKit.Record, missingFrom model: borrowing Model, to sink: inout Sink
    ) -> Bool {
        Self.appendSystemColumns(record, to: &sink)
        let plain = record.fields, encrypted = record.encryptedFields
        var modelRecord: RecordKit.Record?
        for field in fields {
            let key = field.field.key
            if let value = plain[key] ?? (encrypted.isEmpty ? nil : encrypted[key]) {
                guard Self.holds(value, field.field.type) else { return false }
                Self.appendColumnValues(value, type: field.field.type, to: &sink)
            } else {
                let source: RecordKit.Record
                if let made = modelRecord {
                    source = made
                } else {
                    source = model.record()
                    modelRecord = source
                }
                Self.appendColumnValues(source.fields[key] ?? source.encryptedFields[key], type: field.field.type, to: &sink)
            }
        }
        return true
    }

    /// The values of the system and field columns for `record`, in column order.
    func values(of record: RecordKit.Record) -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        values.reserveCapacity(2 + columnCount)
        write(record, to: &values)
        return values
    }

    /// Appends the values of the system and field columns for `record` to `sink`, in column order: the same values
    /// as ``values(of:)``, bound straight into a statement by the direct inserts (no array per record).
    func write<Sink: ProjectionColumnSink>(_ record: RecordKit.Record, to sink: inout Sink) {
        Self.appendSystemColumns(record, to: &sink)
        for field in fields {
            let value = record.fields[field.field.key] ?? record.encryptedFields[field.field.key]
            Self.appendColumnValues(value, type: field.field.type, to: &sink)
        }
    }

    /// Appends the values of the system columns after the ID: the creation and modification dates.
    private static func appendSystemColumns<Sink: ProjectionColumnSink>(_ record: RecordKit.Record, to sink: inout Sink) {
        if let date = record.system.creationDate { sink.appendDouble(date.timeIntervalSince1970) } else { sink.append(.null) }
        if let date = record.system.modificationDate { sink.appendDouble(date.timeIntervalSince1970) } else { sink.append(.null) }
    }

    /// How many field columns there are.
    var columnCount: Int { fields.reduce(0) { $0 + $1.columns.count } }

    /// Appends a field's column values to `sink` (no array per field: a save projects every row); NULLs when
    /// the field is missing or of another kind than the schema's.
    private static func appendColumnValues<Sink: ProjectionColumnSink>(_ value: FieldValue?, type: FieldType, to sink: inout Sink) {
        switch type {
        case .list:
            guard case let .list(list)? = value else {
                sink.append(.null)
                return
            }
            sink.append(jsonArray(list).databaseValue)
        case let .scalar(kind):
            switch (kind, value) {
            case let (.reference, .reference(reference)?):
                let id = reference.recordID
                sink.append(id.recordName.databaseValue)
                sink.append(id.zoneID.zoneName.databaseValue)
                sink.append(id.zoneID.ownerName.databaseValue)
            case (.reference, _):
                for _ in 0..<3 { sink.append(.null) }
            case let (.location, .location(location)?):
                sink.append(location.latitude.databaseValue)
                sink.append(location.longitude.databaseValue)
            case (.location, _):
                for _ in 0..<2 { sink.append(.null) }
            // Numbers bound as they are, not through a `DatabaseValue` (the initial sync projects two dates per record).
            case let (.timestamp, .timestamp(date)?): sink.appendDouble(date.timeIntervalSince1970)
            case let (.double, .double(number)?): sink.appendDouble(number)
            case let (.asset, .asset(asset)?):
                if let url = asset.fileURL { withFilePath(url) { sink.appendText($0) } } else { sink.append(.null) }
            default: sink.append(value.map(scalar) ?? .null)
            }
        }
    }

    /// One value as a column holds it (the record name of a reference, the file path of an asset).
    static func scalar(_ value: FieldValue) -> DatabaseValue {
        switch value {
        case let .string(text): text.databaseValue
        case let .int64(number): number.databaseValue
        case let .double(number): number.databaseValue
        case let .timestamp(date): date.timeIntervalSince1970.databaseValue
        case let .bytes(data): data.databaseValue
        case let .asset(asset): asset.fileURL.map(filePath)?.databaseValue ?? .null
        case let .reference(reference): reference.recordID.recordName.databaseValue
        case let .location(location): "[\(location.latitude),\(location.longitude)]".databaseValue
        case let .list(list): jsonArray(list).databaseValue
        }
    }

    /// `url.path`, the path an asset's column holds (``withFilePath(_:_:)``).
    static func filePath(_ url: URL) -> String {
        withFilePath(url) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 of `url.path`, the path an asset's column holds. Foundation's `path` parses
    /// the URL's path out of its string, percent-decodes it and drops its trailing slashes into a new string, which
    /// cost the initial sync about 700 instructions per asset (as much as the rest of the projection's values). A
    /// file URL with no base and no host whose string has no `%` (nothing to decode), no `;`, `?` or `#` (no
    /// parameters, query or fragment) and no trailing slash has that path as its string after `file://`, which is
    /// read in place.
    static func withFilePath<Result>(_ url: URL, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if url.baseURL == nil {
            var string = url.absoluteString
            // Over the contiguous bytes, by `memchr`: the string's UTF-8 view walked by its iterator cost more than
            // `path` saves.
            let path: Result? = string.withUTF8 { bytes in
                // `file:///`, its 8 bytes compared as one integer (a sequence comparison cost 300 instructions).
                let prefix = UInt64(bigEndian: 0x6669_6C65_3A2F_2F2F), prefixCount = 8
                guard let base = bytes.baseAddress, bytes.count > prefixCount, bytes[bytes.count - 1] != UInt8(ascii: "/"),
                      UnsafeRawPointer(base).loadUnaligned(as: UInt64.self) == prefix else { return nil }
                for byte in [UInt8(ascii: "%"), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "#")]
                    where memchr(base + prefixCount, Int32(byte), bytes.count - prefixCount) != nil {
                    return nil
                }
                // The path starts at the third slash.
                return body(UnsafeBufferPointer(rebasing: bytes[(prefixCount - 1)...]))
            }
            if let path { return path }
        }
        var path = url.path
        return path.withUTF8(body)
    }

    /// A list as a JSON array: the element a query compares is the one ``scalar(_:)`` gives.
    static func jsonArray(_ list: FieldList) -> String {
        // One buffer for the whole array (a list of tags is projected on every save of its record).
        var out = "["
        switch list {
        case let .string(values):
            out.reserveCapacity(values.reduce(2) { $0 + $1.utf8.count + 3 })
            appendElements(values, to: &out) { appendJSONString($0, to: &$1) }
        case let .int64(values): appendElements(values, to: &out) { $1 += String($0) }
        case let .double(values): appendElements(values, to: &out) { $1 += jsonNumber($0) }
        case let .timestamp(values): appendElements(values, to: &out) { $1 += jsonNumber($0.timeIntervalSince1970) }
        case let .bytes(values): appendElements(values, to: &out) { appendJSONString($0.base64EncodedString(), to: &$1) }
        case let .asset(values):
            appendElements(values, to: &out) { asset, out in
                if let url = asset.fileURL { appendJSONString(filePath(url), to: &out) } else { out += "null" }
            }
        case let .reference(values): appendElements(values, to: &out) { appendJSONString($0.recordID.recordName, to: &$1) }
        case let .location(values): appendElements(values, to: &out) { $1 += "[\(jsonNumber($0.latitude)),\(jsonNumber($0.longitude))]" }
        }
        return out + "]"
    }

    /// Appends `values` to `out`, comma-separated, each as `element` writes it.
    private static func appendElements<Element>(_ values: [Element], to out: inout String, _ element: (Element, inout String) -> Void) {
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            element(value, &out)
        }
    }

    /// A finite double as JSON writes it (JSON has no NaN or infinity: those become null).
    private static func jsonNumber(_ number: Double) -> String {
        number.isFinite ? "\(number)" : "null"
    }

    /// Appends `text` to `out` as a JSON string literal: the text as it is when no byte of it needs an escape (the
    /// common case), one scalar at a time otherwise.
    private static func appendJSONString(_ text: String, to out: inout String) {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += "\""
            out += text
            out += "\""
            return
        }
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// Where ``ProjectionLayout/write(_:to:)`` puts a record's column values, one after the other.
protocol ProjectionColumnSink {
    mutating func append(_ value: DatabaseValue)
    /// Appends a text given by its UTF-8 bytes, which the sink may not keep beyond the call.
    mutating func appendText(_ utf8: UnsafeBufferPointer<UInt8>)
    /// Appends a REAL value.
    mutating func appendDouble(_ value: Double)
    /// How many values were appended: a mark to ``rewind(to:)``.
    var position: Int { get }
    /// Drops the values appended since `position`: the next value appended takes its place.
    mutating func rewind(to position: Int)
}

extension Array: ProjectionColumnSink where Element == DatabaseValue {
    mutating func appendText(_ utf8: UnsafeBufferPointer<UInt8>) {
        append(String(decoding: utf8, as: UTF8.self).databaseValue)
    }

    mutating func appendDouble(_ value: Double) {
        append(value.databaseValue)
    }

    var position: Int { count }

    mutating func rewind(to position: Int) {
        removeSubrange(position...)
    }
}
