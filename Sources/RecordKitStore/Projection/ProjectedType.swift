import Foundation
import GRDB
import RecordKit

/// One model type the store keeps a projection of: its layout, its table names, and how an archived record
/// becomes its column values (nil when this app version cannot decode it: the record is left out).
struct ProjectedType: Sendable {
    let layout: ProjectionLayout
    /// The projection table, `<prefix>q_<RecordType>`.
    let table: String
    /// The full-text table over the searchable fields, `<prefix>q_<RecordType>_fts`; nil when there are none.
    let fullTextTable: String?
    /// The SQL function the triggers read column values with: `(archive, index)`, index -1 for "decodable".
    let function: String
    /// The column values of an archived record (system columns after the ID, then the fields'); nil when the
    /// model cannot decode it. Always through the model's own record: the reference the integrity check uses.
    let project: @Sendable (Data) -> [DatabaseValue]?
    /// The same values from a decoded record, as the triggers compute them: when each field the record holds is of
    /// the kind the schema gives it, the model only checks that it decodes and the record's own values are
    /// projected (the model's record would hold the same ones), those of the fields it lacks from the model's
    /// record; otherwise through the model's record.
    let projectRecord: @Sendable (RecordKit.Record) -> [DatabaseValue]?
    /// The values ``projectRecord`` gives, bound into a statement's parameters through `sink` (no array per record);
    /// false, nothing bound, when the model cannot decode the record.
    let bindRecord: @Sendable (RecordKit.Record, inout StatementColumnSink) -> Bool
    /// The model type. A record its `record()` made (a local save's) is projected from its own values
    /// (``ProjectionLayout/write(_:to:)``), with no decode: the model decodes it and makes the same record back, and
    /// the fields it lacks are the ones the model leaves out. Decoding it again (and making the model's record for
    /// the fields it lacks) was more than half the CPU time of a one-book save's projection update.
    let modelType: ObjectIdentifier

    var recordType: String { layout.recordType }

    init<Model: ProjectableRecordModel>(_: Model.Type, schema: StoreSchema) {
        let layout = ProjectionLayout(recordType: Model.recordType, descriptors: Model.fieldDescriptors)
        self.layout = layout
        let name = ProjectionNames.identifier(Model.recordType)
        table = schema.prefix + "q_" + name
        fullTextTable = layout.searchableFields.isEmpty ? nil : table + "_fts"
        function = schema.prefix + "q_" + name + "_column"
        project = { bytes in
            guard let record = try? NativeArchive.decodeRecord(bytes), let model = try? Model(record: record) else { return nil }
            return layout.values(of: normalized(record, model))
        }
        projectRecord = { record in
            var values: [DatabaseValue] = []
            values.reserveCapacity(2 + layout.columnCount)
            return writeDecodedValues(Model.self, record, layout: layout, to: &values) ? values : nil
        }
        bindRecord = { record, sink in writeDecodedValues(Model.self, record, layout: layout, to: &sink) }
        modelType = ObjectIdentifier(Model.self)
    }

    /// Appends the column values of `row`'s record to `sink`: its own values when this type's model made it
    /// (``modelType``), else those ``projectRecord`` gives; false, nothing appended, when the model cannot decode it.
    func write<Sink: ProjectionColumnSink>(_ row: ArchivedRecord, to sink: inout Sink) -> Bool {
        if row.madeBy == modelType {
            layout.write(row.record, to: &sink)
            return true
        }
        guard let values = projectRecord(row.record) else { return false }
        for value in values { sink.append(value) }
        return true
    }

    /// Binds the column values of `row`'s record through `sink`, as ``write(_:to:)`` gives them, a record from
    /// elsewhere through ``bindRecord`` (no array of values); false, nothing bound, when the model cannot decode it.
    func bind(_ row: ArchivedRecord, to sink: inout StatementColumnSink) -> Bool {
        row.madeBy == modelType ? write(row, to: &sink) : bindRecord(row.record, &sink)
    }
}

/// The values of a decoded record into `sink`: the record's own when each field it holds is of the kind the schema
/// gives it (the model's record would hold the same ones), the fields it lacks from the model's record; else the
/// model's record, written over the values the record's own walk appended; false, nothing written, when the model
/// cannot decode it.
private func writeDecodedValues<Model: ProjectableRecordModel, Sink: ProjectionColumnSink>(
    _: Model.Type, _ record: RecordKit.Record, layout: ProjectionLayout, to sink: inout Sink
) -> Bool {
    guard let model = try? Model(record: record) else { return false }
    let start = sink.position
    if layout.writeHoldingEveryField(record, missingFrom: model, to: &sink) { return true }
    sink.rewind(to: start)
    layout.write(normalized(record, model), to: &sink)
    return true
}

/// The model's own record: defaults of fields the archive lacks are what queries see, as the app does.
private func normalized<Model: RecordModel>(_ record: RecordKit.Record, _ model: Model) -> RecordKit.Record {
    var normalized = model.record()
    normalized.system.creationDate = record.system.creationDate
    normalized.system.modificationDate = record.system.modificationDate
    return normalized
}

extension ProjectedType {
    /// The SQL function the triggers call for each column of a written row: it projects an archive once (decoded
    /// through the store's shared cache) and answers the following calls for the same bytes from its cache.
    func columnFunction(archives: ArchiveDecodeCache) -> DatabaseFunction {
        let projectRecord = projectRecord
        let cache = ProjectionCache { bytes in archives.record(bytes).flatMap(projectRecord) }
        return DatabaseFunction(function, argumentCount: 2, pure: false) { arguments in
            let index = Int.fromDatabaseValue(arguments[1]) ?? -2
            guard case let .blob(bytes) = arguments[0].storage else { return index == -1 ? false : nil }
            let values = cache.values(for: bytes)
            if index == -1 { return values != nil }
            guard let values, values.indices.contains(index) else { return nil }
            return values[index]
        }
    }
}

/// The last archive a projection function decoded and its column values: a trigger asks for each column of the
/// same row in turn, and the archive is decoded once.
final class ProjectionCache: @unchecked Sendable {
    private let lock = NSLock()
    private let project: @Sendable (Data) -> [DatabaseValue]?
    private var bytes: Data?
    private var values: [DatabaseValue]?

    init(project: @escaping @Sendable (Data) -> [DatabaseValue]?) {
        self.project = project
    }

    func values(for bytes: Data) -> [DatabaseValue]? {
        lock.lock()
        defer { lock.unlock() }
        if bytes == self.bytes { return values }
        let values = project(bytes)
        (self.bytes, self.values) = (bytes, values)
        return values
    }
}

/// Quoting the names the projection puts into SQL.
enum ProjectionNames {
    /// A record type as part of a table name: letters, digits and `_` kept, anything else as `_xHH_`.
    static func identifier(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            if isPlain(byte) {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                out += String(format: "_x%02X_", byte)
            }
        }
        return out
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
        default: false
        }
    }

    /// A column or table name quoted for SQL.
    static func quoted(_ name: String) -> String {
        // Names without a quote (nearly all) skip Foundation's replacement: queries quote names on every call.
        guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A string quoted as an SQL literal.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
