import Foundation
import GRDB
import RecordKit

/// Reading record IDs and archived records out of rows, with errors that name the record.
enum RowCoding {
    /// The ID in columns `ownerName, zoneName, recordName` at `index`, `index + 1`, `index + 2`.
    static func recordID(_ row: Row, at index: Int, table: String) throws(RecordStoreError) -> RecordID {
        let ownerName: String = try column(row, index, table: table, id: nil)
        let zoneName: String = try column(row, index + 1, table: table, id: nil)
        let recordName: String = try column(row, index + 2, table: table, id: nil)
        return RecordID(recordName: recordName, zoneID: RecordZoneID(zoneName: zoneName, ownerName: ownerName))
    }

    /// Column `index` of `row` as `Value`. SQLite keeps any value in any column, so a damaged or foreign file
    /// can hold text where the store wrote an integer: that is a typed error naming the row, never a crash.
    static func column<Value: DatabaseValueConvertible>(
        _ row: Row, _ index: Int, table: String, id: RecordID?
    ) throws(RecordStoreError) -> Value {
        do {
            return try row.decode(Value.self, atIndex: index)
        } catch {
            let name = index < row.count ? Array(row.columnNames)[index] : "#\(index)"
            throw .corruptColumn(id, table: table, column: name, found: describe(row[index] as DatabaseValue))
        }
    }

    /// The pending-change code in column `index`; a code the store never writes is a corrupt column.
    static func pendingCode(_ row: Row, _ index: Int, table: String, id: RecordID?) throws(RecordStoreError) -> PendingCode {
        let code: Int64 = try column(row, index, table: table, id: id)
        guard let pending = PendingCode(rawValue: code) else {
            throw .corruptColumn(id, table: table, column: Array(row.columnNames)[index], found: describe(row[index] as DatabaseValue))
        }
        return pending
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

    /// Arguments for `ownerName = ? AND zoneName = ? AND recordName = ?`.
    static func arguments(_ id: RecordID) -> StatementArguments {
        [id.zoneID.ownerName, id.zoneID.zoneName, id.recordName]
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
