import Foundation
import RecordKit
import RecordKitCoreDataMirror
import RecordKitStore

/// What a mirror store becomes in a `RecordStore`: per record the server copy and the local value with its
/// pending change, the zones with their tokens, the database token, and the report.
public struct CoreDataMovePlan: Sendable {
    /// The records to move, each with its server copy, local value and pending change.
    public var records: [MovedRecord]
    /// The zones with their change tokens.
    public var zones: [MovedZone]
    /// The private database's change token.
    public var databaseToken: ServerChangeToken?
    /// What the plan moves, and what it leaves out.
    public var report: CoreDataMoveReport

    /// The plan for `contents`, read through `entities` (the app's schema). `newRecordName` names rows Core Data
    /// never exported (by default a new UUID, as the container does).
    public init(
        _ contents: MirrorStoreContents, entities: [MirrorEntity],
        newRecordName: () -> String = { UUID().uuidString }
    ) {
        records = []
        report = CoreDataMoveReport()
        report.readerProblems = contents.problems
        let knownTypes = Set(entities.map(\.recordType))
        var rows: [RowKey: MirroredRow] = [:]
        for row in contents.rows { rows[RowKey(entity: row.entityName, primaryKey: row.primaryKey)] = row }
        var moved: Set<RowKey> = []
        let problems = Dictionary(contents.problems.map { ($0.subject, $0.message) }, uniquingKeysWith: { first, _ in first })
        for record in contents.records {
            let key = RowKey(entity: record.entityName ?? "", primaryKey: record.entityPrimaryKey)
            guard let server = record.serverRecord else {
                // Nothing decodable from the server: a row that is still there is moved as new below, if its
                // entity is known; the record itself is reported.
                let reason: NotMovedRecord.Reason = problems[record.id.recordName].map { .undecodable($0) } ?? .noServerRecord
                report.notMoved.append(NotMovedRecord(id: record.id, reason: reason))
                moved.insert(key)
                continue
            }
            guard knownTypes.contains(server.recordType) else {
                report.notMoved.append(NotMovedRecord(id: record.id, reason: .entityNotInSchema(server.recordType)))
                moved.insert(key)
                continue
            }
            if record.needsLocalDelete {
                report.notMoved.append(NotMovedRecord(id: record.id, reason: .deletedOnServer))
                moved.insert(key)
                continue
            }
            if record.needsCloudDelete || (rows[key] == nil && Self.historyRecordsDelete(of: record, in: contents)) {
                records.append(MovedRecord(id: record.id, recordType: server.recordType, local: nil, server: server, pending: .delete))
                report.pendingDeletes += 1
                moved.insert(key)
                continue
            }
            guard let row = rows[key] else {
                // Gone with no recorded delete: an unknown state, not the user's delete. Kept as the server has it
                // (nothing is lost), and reported so that the app can decide.
                records.append(MovedRecord(id: record.id, recordType: server.recordType, local: server, server: server, pending: .none))
                report.kept.append(KeptRecord(id: record.id, reason: .rowMissingWithoutRecordedDelete))
                moved.insert(key)
                continue
            }
            moved.insert(key)
            if record.needsUpload {
                records.append(MovedRecord(
                    id: record.id, recordType: server.recordType, local: Self.overlay(row, on: server), server: server, pending: .save))
                report.pendingSaves += 1
            } else {
                records.append(MovedRecord(id: record.id, recordType: server.recordType, local: server, server: server, pending: .none))
                report.unchanged += 1
            }
        }
        let coreDataZone = contents.zones.first { $0.zoneID.zoneName == Self.zoneName }?.zoneID ?? RecordZoneID(zoneName: Self.zoneName)
        for row in contents.rows where !moved.contains(RowKey(entity: row.entityName, primaryKey: row.primaryKey)) {
            let id = RecordID(recordName: newRecordName(), zoneID: coreDataZone)
            let local = Record(recordType: row.recordType, id: id, fields: row.fields, encryptedFields: row.encryptedFields)
            records.append(MovedRecord(id: id, recordType: row.recordType, local: local, server: nil, pending: .save))
            report.newRecords.append(id)
        }
        zones = contents.zones.map { zone in
            let refetch = zone.needsImport || zone.needsRecovery
            return MovedZone(id: zone.zoneID, token: refetch ? nil : zone.changeToken, exists: zone.existsOnServer)
        }
        report.zonesToRefetch = contents.zones.filter { $0.needsImport || $0.needsRecovery }.map(\.zoneID)
        // The container mirrors one database; its token is the private database's (scope 2) when there are several.
        databaseToken = (contents.databases.first { $0.scope == 2 } ?? contents.databases.first)?.changeToken
    }

    /// Whether the store records a delete of the record's row that the mirror had not exported: persistent history
    /// deletes it after the exporter's last history token (any history delete when that marker cannot be read), or
    /// the history analyser found it deleted (see ``MirroredHistory``).
    static func historyRecordsDelete(of record: MirroredRecord, in contents: MirrorStoreContents) -> Bool {
        contents.history.hasUnexportedDelete(entityID: record.entityID, primaryKey: record.entityPrimaryKey)
    }

    /// The zone NSPersistentCloudKitContainer keeps its records in.
    public static let zoneName = "com.apple.coredata.cloudkit.zone"

    /// The server record with the row's values: every field the row has a column for takes the row's value, and
    /// a NULL clears it; fields the row has no column for (other model versions) keep the server's value.
    static func overlay(_ row: MirroredRow, on server: Record) -> Record {
        var local = server
        for name in row.readFieldNames {
            if let value = row.fields[name] {
                local.fields.set(value, forKey: name)
            } else if let value = row.encryptedFields[name] {
                local.encryptedFields.set(value, forKey: name)
            } else {
                _ = local.fields.removeValue(forKey: name)
                _ = local.encryptedFields.removeValue(forKey: name)
            }
        }
        return local
    }

    private struct RowKey: Hashable {
        let entity: String
        let primaryKey: Int
    }
}
