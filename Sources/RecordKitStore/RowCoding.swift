import Foundation
import GRDB
import RecordKit

/// Reading record IDs and archived records out of rows, with errors that name the record.
enum RowCoding {
    /// The ID in columns `ownerName, zoneName, recordName` at `index`, `index + 1`, `index + 2`.
    static func recordID(_ row: Row, at index: Int) -> RecordID {
        RecordID(recordName: row[index + 2], zoneID: RecordZoneID(zoneName: row[index + 1], ownerName: row[index]))
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
