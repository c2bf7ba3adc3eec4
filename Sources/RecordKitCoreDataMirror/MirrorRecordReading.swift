import Foundation
import RecordKit

/// Reads `ANSCKRECORDMETADATA`: per record its name and zone, entity and row, decoded server record and flags.
enum MirrorRecordReading {
    static func read(
        _ database: SQLiteSnapshot, zones: [Int: RecordZoneID], entityNames: [Int: MirrorEntityName],
        options: MirrorReadingOptions, problems: inout [MirrorProblem]
    ) throws(MirrorStoreError) -> [MirroredRecord] {
        let columns = Set(try database.columns(of: "ANSCKRECORDMETADATA"))
        // Older stores keep only the system fields (ZCKRECORDSYSTEMFIELDS); newer ones the whole record too.
        let encoded = columns.contains("ZENCODEDRECORD") ? "ZENCODEDRECORD" : "NULL"
        let systemFields = columns.contains("ZCKRECORDSYSTEMFIELDS") ? "ZCKRECORDSYSTEMFIELDS" : "NULL"
        let sql = """
            SELECT ZCKRECORDNAME, ZRECORDZONE, ZENTITYID, ZENTITYPK, ZNEEDSUPLOAD, ZNEEDSCLOUDDELETE, ZNEEDSLOCALDELETE,
                   \(encoded), \(systemFields)
            FROM ANSCKRECORDMETADATA ORDER BY Z_PK
            """
        var records: [MirroredRecord] = []
        try database.query(sql) { row in
            guard let recordName = row.text(0) else {
                problems.append(MirrorProblem(subject: "ANSCKRECORDMETADATA", message: "a row without a record name"))
                return
            }
            guard let zoneKey = row.int(1), let zoneID = zones[Int(zoneKey)] else {
                problems.append(MirrorProblem(subject: recordName, message: "its zone \(row.int(1).map(String.init) ?? "NULL") is not in ANSCKRECORDZONEMETADATA"))
                return
            }
            let entityID = Int(row.int(2) ?? 0)
            var record = MirroredRecord(
                id: RecordID(recordName: recordName, zoneID: zoneID),
                entityID: entityID, entityPrimaryKey: Int(row.int(3) ?? 0),
                entityName: entityNames[entityID]?.name,
                serverRecord: nil,
                needsUpload: (row.int(4) ?? 0) != 0,
                needsCloudDelete: (row.int(5) ?? 0) != 0,
                needsLocalDelete: (row.int(6) ?? 0) != 0
            )
            record.serverRecord = serverRecord(
                encoded: row.blob(7), systemFields: row.blob(8), recordName: recordName, options: options, problems: &problems
            )
            records.append(record)
        }
        return records
    }

    private static func serverRecord(
        encoded: Data?, systemFields: Data?, recordName: String, options: MirrorReadingOptions, problems: inout [MirrorProblem]
    ) -> Record? {
        if let encoded, !encoded.isEmpty {
            do {
                return try EncodedRecord.record(of: encoded, options: options.blockStream)
            } catch {
                problems.append(MirrorProblem(subject: recordName, message: "ZENCODEDRECORD: \(error)"))
                return nil
            }
        }
        if let systemFields, !systemFields.isEmpty {
            do {
                return try KeyedArchive.decodeRecord(systemFields)
            } catch {
                problems.append(MirrorProblem(subject: recordName, message: "ZCKRECORDSYSTEMFIELDS: \(error)"))
                return nil
            }
        }
        // Never exported: the container has not uploaded it yet, so there is no server record to keep.
        return nil
    }
}
