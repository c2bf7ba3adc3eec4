import Foundation
import GRDB
import RecordKit

/// Reading record IDs and archived records out of rows, with errors that name the record.
enum RowCoding {
    /// Column `name` of `row` as `Value`. SQLite keeps any value in any column, so a damaged or foreign file can
    /// hold text where the store wrote an integer: that is a typed error naming the row, never a crash.
    static func column<Value: DatabaseValueConvertible>(
        _ row: Row, _ name: String, table: String, id: RecordID?
    ) throws(RecordStoreError) -> Value {
        do {
            return try row.decode(Value.self, forColumn: name)
        } catch {
            throw corruptColumn(row, name, table: table, id: id)
        }
    }

    /// Column `name` of `row` as text, NUL-safe (see ``text(_:_:table:id:)``).
    static func column(_ row: Row, _ name: String, table: String, id: RecordID?) throws(RecordStoreError) -> String {
        try text(row, name, table: table, id: id)
    }

    /// Column `name` of `row` as text, read with its length: GRDB reads a text value up to its first NUL, and a
    /// record name or zone name may hold one, which must read back as it was written. A blob of UTF-8 reads as
    /// text (as GRDB converts it); anything else is a corrupt column.
    static func text(_ row: Row, _ name: String, table: String, id: RecordID?) throws(RecordStoreError) -> String {
        let text = try? row.withUnsafeData(named: name) { bytes -> String? in
            guard let bytes else { return nil }
            return String(validating: bytes, as: UTF8.self)
        }
        guard let text else { throw corruptColumn(row, name, table: table, id: id) }
        return text
    }

    /// The error for column `name` of `row` holding a value the store never writes there.
    static func corruptColumn(_ row: Row, _ name: String, table: String, id: RecordID?) -> RecordStoreError {
        let value: DatabaseValue? = row[name]
        return .corruptColumn(id, table: table, column: name, found: describe(value ?? .null))
    }

    // MARK: By position
    // The same reads at a position resolved once per statement (``StoredRow/Layout``); a column the statement
    // does not select (a nil position) is read by name, with the outcome the name-based reads give.

    /// Column `name`, at `index`, of `row` as `Value` (see ``column(_:_:table:id:)``).
    static func column<Value: DatabaseValueConvertible>(
        _ row: Row, at index: Int?, _ name: String, table: String, id: RecordID?
    ) throws(RecordStoreError) -> Value {
        guard let index else { return try column(row, name, table: table, id: id) }
        do {
            return try row.decode(Value.self, atIndex: index)
        } catch {
            throw corruptColumn(row, at: index, name, table: table, id: id)
        }
    }

    /// Column `name`, at `index`, of `row` as text, NUL-safe (see ``text(_:_:table:id:)``).
    static func text(_ row: Row, at index: Int?, _ name: String, table: String, id: RecordID?) throws(RecordStoreError) -> String {
        guard let index else { return try text(row, name, table: table, id: id) }
        let text = try? row.withUnsafeData(atIndex: index) { bytes -> String? in
            guard let bytes else { return nil }
            return String(validating: bytes, as: UTF8.self)
        }
        guard let text else { throw corruptColumn(row, at: index, name, table: table, id: id) }
        return text
    }

    /// Calls `body` with the bytes of column `name`, at `index`, of `row`, borrowed from SQLite's buffer (nil for
    /// NULL); a value SQLite cannot give as bytes (an integer or a real) is a corrupt column.
    static func withBytes<T>(
        _ row: Row, at index: Int?, _ name: String, table: String, id: RecordID?,
        _ body: (Data?) throws(RecordStoreError) -> T
    ) throws(RecordStoreError) -> T {
        let result: Result<T, RecordStoreError>
        do {
            if let index {
                result = try row.withUnsafeData(atIndex: index) { bytes in Result { () throws(RecordStoreError) -> T in try body(bytes) } }
            } else {
                result = try row.withUnsafeData(named: name) { bytes in Result { () throws(RecordStoreError) -> T in try body(bytes) } }
            }
        } catch {
            throw corruptColumn(row, at: index, name, table: table, id: id)
        }
        return try result.get()
    }

    /// The error for column `name`, at `index`, of `row` holding a value the store never writes there.
    static func corruptColumn(_ row: Row, at index: Int?, _ name: String, table: String, id: RecordID?) -> RecordStoreError {
        guard let index else { return corruptColumn(row, name, table: table, id: id) }
        let value: DatabaseValue = row[index]
        return .corruptColumn(id, table: table, column: name, found: describe(value))
    }

    /// A stored value for an error message: its SQLite type and a short form of it.
    static func describe(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case let .int64(number): "the integer \(number)"
        case let .double(number): "the real \(number)"
        case let .string(text): "the text \"\(text.prefix(40))\(text.count > 40 ? "…" : "")\""
        case let .blob(data): "a \(data.count)-byte blob"
        }
    }

    /// Arguments for ``RecordIDFilter/sql``, for a storable ID (``checkStorable(_:recordType:)``).
    static func arguments(_ id: RecordID) throws(RecordStoreError) -> StatementArguments {
        try checkStorable(id)
        return [id.zoneID.ownerName, id.zoneID.zoneName, id.recordName]
    }

    /// Arguments for `ownerName = ? AND zoneName = ?`, for a storable zone ID.
    static func arguments(_ zoneID: RecordZoneID) throws(RecordStoreError) -> StatementArguments {
        try checkStorable(zoneID)
        return [zoneID.ownerName, zoneID.zoneName]
    }

    /// Refuses names the store cannot keep: GRDB binds a Swift string as C text, which ends at the first NUL, so
    /// `"a\0b"` would be stored, found and overwritten as `"a"`, another record.
    static func checkStorable(_ id: RecordID, recordType: String? = nil) throws(RecordStoreError) {
        try checkStorable(id.zoneID)
        if id.recordName.utf8.contains(0) { throw .unstorableName(id.recordName, what: "record name") }
        if let recordType, recordType.utf8.contains(0) { throw .unstorableName(recordType, what: "record type") }
    }

    static func checkStorable(_ zoneID: RecordZoneID) throws(RecordStoreError) {
        if zoneID.zoneName.utf8.contains(0) { throw .unstorableName(zoneID.zoneName, what: "zone name") }
        if zoneID.ownerName.utf8.contains(0) { throw .unstorableName(zoneID.ownerName, what: "owner name") }
    }

    /// Decodes an archived record stored for `id`.
    static func record(_ data: Data, id: RecordID, recordType: String, copy: RecordStoreError.Copy) throws(RecordStoreError) -> RecordKit.Record {
        do {
            return try NativeArchive.decodeRecord(data)
        } catch {
            throw .corruptRecord(id, recordType: recordType, copy: copy, error)
        }
    }

    /// Decodes an archived record into a model.
    static func model<Model: RecordModel>(
        _ data: Data, id: RecordID, recordType: String, as _: Model.Type
    ) throws(RecordStoreError) -> Model {
        guard recordType == Model.recordType else {
            throw .typeMismatch(id, stored: recordType, requested: Model.recordType)
        }
        let record = try record(data, id: id, recordType: recordType, copy: .local)
        do {
            return try Model(record: record)
        } catch {
            throw .undecodable(id, recordType: recordType, error)
        }
    }
}
