import Foundation
import GRDB
import RecordKit

/// Stores the server records whose IDs the store does not hold (every record of an initial sync) as new rows, with
/// the temporary insert trigger bypassed (``TriggerBypass``): their asset references and projection rows are
/// written from the records in hand, by the same functions the triggers call on the archive, so no archive is
/// decoded again and no SQL function runs per column.
///
/// Made once per write transaction: its statements are prepared once, their values bound through SQLite's C API
/// (``RawStatementBinding``), not boxed per record. Records are queued and written ``batchSize`` at a time by one
/// multi-row statement per table (a statement's own cost, with its statement journal for the triggers it carries,
/// was as large as a row's): the caller calls ``flush(_:)`` before it reads or writes the records table otherwise.
struct FetchedRowInsert {
    /// How many records one multi-row statement inserts; fewer queued are inserted one by one.
    static let batchSize = 16

    private let insertOne: RawStatementBinding
    private let insertBatch: RawStatementBinding
    private let referenceInsert: RawStatementBinding
    private let referencesInsert: RawStatementBinding
    private let bypass: TriggerBypass
    private let references: AssetReferences
    private let marker: Data
    private let folderDigest: AssetReferences.LastFolderDigest
    private var projection: ProjectionDirectInsert
    private var queued: [ArchivedRecord] = []

    /// The SQL of the inserts, built once per store: building it per page cost about as much as preparing the
    /// page's statements (taken from the connection's cache).
    struct SQL: Sendable {
        fileprivate let insertOne: String
        fileprivate let insertBatch: String
        fileprivate let referenceInsert: String
        fileprivate let referencesInsert: String

        init(_ schema: StoreSchema) {
            insertOne = FetchedRowInsert.recordsInsert(schema, rows: 1)
            insertBatch = FetchedRowInsert.recordsInsert(schema, rows: FetchedRowInsert.batchSize)
            referenceInsert = AssetReferences.directInsertSQL(schema, rows: 1)
            referencesInsert = AssetReferences.directInsertSQL(schema, rows: FetchedRowInsert.batchSize)
        }
    }

    init(
        _ db: Database, sql: SQL, references: AssetReferences, projection: ProjectionDirectInsert.SQL
    ) throws {
        insertOne = try RawStatementBinding(db.cachedStatement(sql: sql.insertOne))
        insertBatch = try RawStatementBinding(db.cachedStatement(sql: sql.insertBatch))
        referenceInsert = try RawStatementBinding(db.cachedStatement(sql: sql.referenceInsert))
        referencesInsert = try RawStatementBinding(db.cachedStatement(sql: sql.referencesInsert))
        bypass = TriggerBypass.flag(of: db)
        self.references = references
        marker = Data(references.folderName.utf8)
        folderDigest = AssetReferences.LastFolderDigest(folderName: references.folderName)
        self.projection = ProjectionDirectInsert(db, projection)
        queued.reserveCapacity(Self.batchSize)
    }

    /// The insert of `rows` records rows: each row's value and server copy are the same archive, bound once.
    fileprivate static func recordsInsert(_ schema: StoreSchema, rows: Int) -> String {
        let values = (0..<rows).map { row in
            let first = row * 5
            return "(?\(first + 1), ?\(first + 2), ?\(first + 3), ?\(first + 4), ?\(first + 5), ?\(first + 5), \(PendingCode.none.rawValue), 0)"
        }
        return "INSERT INTO \(schema.records) (ownerName, zoneName, recordName, recordType, value, server, pending, generation) VALUES "
            + values.joined(separator: ", ")
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

    /// Queues `record`, archived as `bytes`, to be inserted as its local value and server copy with no pending
    /// change; a full batch is written at once.
    mutating func insert(_ db: Database, record: RecordKit.Record, bytes: Data) throws {
        queued.append(ArchivedRecord(record: record, bytes: bytes))
        if queued.count == Self.batchSize { try flush(db) }
    }

    /// Writes the queued records: their rows, asset references and projection rows.
    mutating func flush(_ db: Database) throws {
        guard !queued.isEmpty else { return }
        defer { queued.removeAll(keepingCapacity: true) }
        if queued.count == Self.batchSize {
            insertBatch.reset()
            for (row, entry) in queued.enumerated() { bind(entry, to: insertBatch, first: Int32(row * 5 + 1)) }
            try bypass.bypassing { try insertBatch.execute() }
        } else {
            for entry in queued {
                insertOne.reset()
                bind(entry, to: insertOne, first: 1)
                try bypass.bypassing { try insertOne.execute() }
            }
        }
        var found: [(digest: String, id: RecordID)] = []
        for entry in queued {
            let (record, bytes) = (entry.record, entry.bytes)
            let digests = AssetReferences.digests(
                bytes, folderName: references.folderName, marker: marker, decode: { _ in record }, digestOf: folderDigest.digest) ?? []
            for digest in digests { found.append((digest, record.id)) }
        }
        // A batch's worth at a time (one file per record makes one batch per batch of records), the rest one by one.
        var start = found.startIndex
        while start < found.endIndex {
            if found.endIndex - start >= Self.batchSize {
                try references.insertDirectly(referencesInsert, found[start..<(start + Self.batchSize)])
                start += Self.batchSize
            } else {
                try references.insertDirectly(referenceInsert, found[start..<(start + 1)])
                start += 1
            }
        }
        try projection.insert(queued)
    }

    /// Binds one records row's values from parameter `first` on.
    private func bind(_ entry: ArchivedRecord, to statement: RawStatementBinding, first: Int32) {
        let id = entry.record.id
        statement.bind(id.zoneID.ownerName, at: first)
        statement.bind(id.zoneID.zoneName, at: first + 1)
        statement.bind(id.recordName, at: first + 2)
        statement.bind(entry.record.recordType, at: first + 3)
        statement.bind(entry.bytes, at: first + 4)
    }
}
