import Foundation
import RecordKit

/// Reads a store NSPersistentCloudKitContainer mirrors: its mirroring tables (records with their last server
/// record and pending flags, zones, databases, tokens) and the entity rows the app's schema describes.
///
/// The store is never written: the reader copies it (with its `-wal`) to a temporary folder and reads the copy.
/// Read it when the app no longer has it open through Core Data.
public enum MirrorStoreReader {
    /// Reads the store at `path`. `entities` describe the app's entity hierarchies (see ``MirrorEntity``); rows
    /// of other entities are not read, and their records are reported.
    public static func read(
        path: String, entities: [MirrorEntity], options: MirrorReadingOptions = MirrorReadingOptions()
    ) throws(MirrorStoreError) -> MirrorStoreContents {
        let database = try SQLiteSnapshot(copying: path)
        let tables = try database.tableNames()
        for required in ["ANSCKRECORDMETADATA", "ANSCKRECORDZONEMETADATA", "ANSCKDATABASEMETADATA", "Z_PRIMARYKEY"]
        where !tables.contains(required) {
            throw .missingTable(required)
        }
        var problems: [MirrorProblem] = []
        let entityNames = try readEntityNames(database)
        let databases = try readDatabases(database, problems: &problems)
        let zones = try readZones(database, problems: &problems)
        let zoneIDs = Dictionary(zones.map { ($0.key, $0.value.zoneID) }, uniquingKeysWith: { first, _ in first })
        let records = try MirrorRecordReading.read(
            database, zones: zoneIDs, entityNames: entityNames, options: options, problems: &problems
        )
        let rows = try MirrorRowReading.read(
            database, tables: tables, entities: entities, entityNames: entityNames, records: records, problems: &problems
        )
        let history = try MirrorHistoryReading.read(database, tables: tables, problems: &problems)
        return MirrorStoreContents(
            databases: databases, zones: zones.sorted { $0.key < $1.key }.map(\.value), records: records, rows: rows,
            history: history, problems: problems
        )
    }

    /// `Z_PRIMARYKEY`: each entity's number (`Z_ENT`), name and parent.
    private static func readEntityNames(_ database: SQLiteSnapshot) throws(MirrorStoreError) -> [Int: MirrorEntityName] {
        var names: [Int: MirrorEntityName] = [:]
        try database.query("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY") { row in
            guard let number = row.int(0), let name = row.text(1) else { return }
            names[Int(number)] = MirrorEntityName(name: name, parent: row.int(2).map(Int.init) ?? 0)
        }
        return names
    }

    private static func readDatabases(
        _ database: SQLiteSnapshot, problems: inout [MirrorProblem]
    ) throws(MirrorStoreError) -> [MirroredDatabase] {
        var databases: [MirroredDatabase] = []
        try database.query(
            "SELECT ZDATABASESCOPENUM, ZDATABASENAME, ZCURRENTCHANGETOKEN FROM ANSCKDATABASEMETADATA ORDER BY Z_PK"
        ) { row in
            let scope = Int(row.int(0) ?? 0)
            let name = row.text(1)
            databases.append(MirroredDatabase(
                scope: scope, name: name,
                changeToken: token(row.blob(2), subject: "database \(name ?? String(scope))", problems: &problems)
            ))
        }
        return databases
    }

    private static func readZones(
        _ database: SQLiteSnapshot, problems: inout [MirrorProblem]
    ) throws(MirrorStoreError) -> [Int: MirroredZone] {
        var scopes: [Int: Int] = [:]
        try database.query("SELECT Z_PK, ZDATABASESCOPENUM FROM ANSCKDATABASEMETADATA") { row in
            if let key = row.int(0), let scope = row.int(1) { scopes[Int(key)] = Int(scope) }
        }
        var zones: [Int: MirroredZone] = [:]
        let sql = """
            SELECT Z_PK, ZCKRECORDZONENAME, ZCKOWNERNAME, ZDATABASE, ZCURRENTCHANGETOKEN, ZHASRECORDZONENUM, ZNEEDSIMPORT,
                   ZNEEDSRECOVERYFROMZONEDELETE, ZNEEDSRECOVERYFROMUSERPURGE, ZNEEDSRECOVERYFROMIDENTITYLOSS
            FROM ANSCKRECORDZONEMETADATA
            """
        try database.query(sql) { row in
            guard let key = row.int(0), let zoneName = row.text(1) else { return }
            let zoneID = RecordZoneID(zoneName: zoneName, ownerName: row.text(2) ?? RecordZoneID.defaultOwnerName)
            zones[Int(key)] = MirroredZone(
                zoneID: zoneID,
                databaseScope: row.int(3).flatMap { scopes[Int($0)] },
                changeToken: token(row.blob(4), subject: "zone \(zoneName)", problems: &problems),
                existsOnServer: (row.int(5) ?? 0) != 0,
                needsImport: (row.int(6) ?? 0) != 0,
                needsRecovery: (row.int(7) ?? 0) != 0 || (row.int(8) ?? 0) != 0 || (row.int(9) ?? 0) != 0
            )
        }
        return zones
    }

    /// A change token from its keyed archive; nil (and a problem) when it cannot be decoded.
    private static func token(_ archive: Data?, subject: String, problems: inout [MirrorProblem]) -> ServerChangeToken? {
        guard let archive, !archive.isEmpty else { return nil }
        do {
            return try KeyedArchive.decodeChangeToken(archive)
        } catch {
            problems.append(MirrorProblem(subject: subject, message: "change token: \(error)"))
            return nil
        }
    }
}

/// An entity's name and parent number (0 for a root) in `Z_PRIMARYKEY`.
struct MirrorEntityName {
    let name: String
    let parent: Int
}
