import Foundation
import GRDB
import RecordKit

/// Stores a server record whose ID the store does not hold (every record of an initial sync) as a new row, with
/// the temporary insert triggers bypassed (``TriggerBypass``): its asset references and projection row are written
/// from the record in hand, by the same functions the triggers call on the archive, so the archive is not decoded
/// again and no SQL function runs per column.
///
/// Made once per write transaction: its statements are prepared once, and their values bound through SQLite's C API
/// (``RawStatementBinding``), not boxed per record.
struct FetchedRowInsert {
    private let insert: RawStatementBinding
    private let referencesInsert: RawStatementBinding
    private let bypass: TriggerBypass
    private let references: AssetReferences
    private let marker: Data
    private let folderDigest: AssetReferences.LastFolderDigest
    private let projection: ProjectionDirectInsert

    init(_ db: Database, schema: StoreSchema, references: AssetReferences, projection: ProjectionTables) throws {
        insert = try RawStatementBinding(db.cachedStatement(sql: """
            INSERT INTO \(schema.records) (ownerName, zoneName, recordName, recordType, value, server, pending, generation)
            VALUES (?1, ?2, ?3, ?4, ?5, ?5, \(PendingCode.none.rawValue), 0)
            """))
        referencesInsert = try references.directInsert(db)
        bypass = TriggerBypass.flag(of: db)
        self.references = references
        marker = Data(references.folderName.utf8)
        folderDigest = AssetReferences.LastFolderDigest(folderName: references.folderName)
        self.projection = try ProjectionDirectInsert(db, projection)
    }

    /// Which of `ids` the records table holds, read with one query per zone and 500 IDs (not one per record).
    /// SQLite compares names byte for byte and Swift by canonical equivalence, so an ID reported held may still
    /// find no row (the caller reads it and finds none); one the table holds is never reported missing.
    static func held(_ db: Database, _ ids: [RecordID], table: String) throws -> Set<RecordID> {
        var held = Set<RecordID>()
        let byZone = Dictionary(grouping: ids, by: \.zoneID)
        for (zone, zoneIDs) in byZone {
            for start in stride(from: 0, to: zoneIDs.count, by: 500) {
                let chunk = zoneIDs[start..<min(zoneIDs.count, start + 500)]
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let statement = try db.cachedStatement(sql: """
                    SELECT recordName FROM \(table) WHERE ownerName = ? AND zoneName = ? AND recordName IN (\(placeholders))
                    """)
                var arguments: [(any DatabaseValueConvertible)?] = [zone.ownerName, zone.zoneName]
                arguments.reserveCapacity(2 + chunk.count)
                for id in chunk { arguments.append(id.recordName) }
                for name in try String.fetchAll(statement, arguments: StatementArguments(arguments)) {
                    held.insert(RecordID(recordName: name, zoneID: zone))
                }
            }
        }
        return held
    }

    /// Inserts `record`, archived as `bytes`, as its local value and server copy, with no pending change.
    func insert(_ db: Database, record: RecordKit.Record, bytes: Data) throws {
        let id = record.id
        let (owner, zone, name) = (id.zoneID.ownerName, id.zoneID.zoneName, id.recordName)
        // The value and the server copy are the same archive: bound once (`?5`).
        insert.reset()
        insert.bind(owner, at: 1)
        insert.bind(zone, at: 2)
        insert.bind(name, at: 3)
        insert.bind(record.recordType, at: 4)
        insert.bind(bytes, at: 5)
        try bypass.bypassing { try insert.execute() }
        let digests = AssetReferences.digests(
            bytes, folderName: references.folderName, marker: marker, decode: { _ in record }, digestOf: folderDigest.digest) ?? []
        try references.insertDirectly(referencesInsert, digests: digests, ownerName: owner, zoneName: zone, recordName: name)
        try projection.insert(db, record: record)
    }
}
