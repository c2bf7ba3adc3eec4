import Foundation
import GRDB
import RecordKit

/// One record as another sync system left it, to move into an empty store: its last server record (the ancestor of
/// later merges, with its change tag) and its local value with what is still to send.
public struct MovedRecord: Sendable, Hashable {
    /// What the record still has to send.
    public enum Pending: Sendable, Hashable {
        /// Nothing: the local value is the server's.
        case none
        /// A local edit not sent yet (or a record the server never had): `local` is sent as a save.
        case save
        /// Deleted locally, not on the server yet: the delete is sent.
        case delete
    }

    /// The record's ID.
    public var id: RecordID
    /// The record's type.
    public var recordType: String
    /// The current local value; nil for a pending delete.
    public var local: RecordKit.Record?
    /// The last record the server returned; nil when the server never had it.
    public var server: RecordKit.Record?
    /// What it still has to send.
    public var pending: Pending

    /// A moved record.
    public init(id: RecordID, recordType: String, local: RecordKit.Record?, server: RecordKit.Record?, pending: Pending) {
        self.id = id
        self.recordType = recordType
        self.local = local
        self.server = server
        self.pending = pending
    }
}

/// A zone's state to move: its change token and whether it exists on the server.
public struct MovedZone: Sendable, Hashable {
    /// The zone.
    public var id: RecordZoneID
    /// Its change token; nil fetches the zone from the start.
    public var token: ServerChangeToken?
    /// Whether the zone exists on the server.
    public var exists: Bool

    /// A moved zone.
    public init(id: RecordZoneID, token: ServerChangeToken?, exists: Bool) {
        self.id = id
        self.token = token
        self.exists = exists
    }
}

extension RecordStore {
    /// Fills an empty store with records, zones and the database token moved from another sync system, in one
    /// transaction: after it, the first sync fetches only what changed since the tokens and sends only the pending
    /// changes, each save on its server record's change tag.
    ///
    /// Refuses (``RecordStoreError/database(code:message:)``, code -1) a store that already holds records: a move
    /// happens once, into an empty store. Refuses a record whose local or server value has another ID or type
    /// (``RecordStoreError/typeMismatch(_:stored:requested:)``) and a save without a local value.
    ///
    /// With an asset folder, the assets of the moved values are copied into it first (see <doc:AssetFiles>); an
    /// asset that cannot be taken in throws ``RecordStoreError/asset(_:recordType:field:_:)`` and nothing is moved.
    public func moveIn(records: [MovedRecord], zones: [MovedZone], databaseToken: ServerChangeToken?) throws(RecordStoreError) {
        for record in records {
            try RowCoding.checkStorable(record.id, recordType: record.recordType)
            for value in [record.local, record.server].compactMap({ $0 }) where value.id != record.id || value.recordType != record.recordType {
                throw .typeMismatch(record.id, stored: value.recordType, requested: record.recordType)
            }
            guard record.pending == .delete || record.local != nil else {
                throw .movedRecordWithoutValue(record.id, recordType: record.recordType)
            }
        }
        for zone in zones { try RowCoding.checkStorable(zone.id) }
        let (records, pins) = try adoptAssets(moving: records)  // Assets (issue 26): the moved files become the store's.
        let rows = records.map { record in
            (record: record, value: record.pending == .delete ? nil : record.local.map { NativeArchive.encode($0) },
             server: record.server.map { NativeArchive.encode($0) })
        }
        let schema = self.schema
        try write(releasing: pins) { db in
            let existing = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(schema.records)") ?? 0
            guard existing == 0 else {
                throw RecordStoreError.moveIntoNonEmptyStore(recordCount: existing)
            }
            let pendingCount = rows.filter { $0.record.pending != .none }.count
            var generation = try reserveGenerations(db, count: max(pendingCount, 1))
            let insert = try db.cachedStatement(sql: """
                INSERT INTO \(schema.records) (ownerName, zoneName, recordName, recordType, value, server, pending, generation)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for row in rows {
                let code: PendingCode
                switch row.record.pending {
                case .none: code = .none
                case .save: code = .save
                case .delete: code = .delete
                }
                let rowGeneration: Int64 = code == .none ? 0 : generation
                if code != .none { generation += 1 }
                let id = row.record.id
                try insert.execute(arguments: [
                    id.zoneID.ownerName, id.zoneID.zoneName, id.recordName, row.record.recordType, row.value, row.server,
                    code.rawValue, rowGeneration,
                ])
            }
            for zone in zones {
                try db.execute(sql: """
                    INSERT INTO \(schema.zones) (ownerName, zoneName, token, zoneExists) VALUES (?, ?, ?, ?)
                    ON CONFLICT (ownerName, zoneName) DO UPDATE SET token = excluded.token, zoneExists = excluded.zoneExists
                    """, arguments: try RowCoding.arguments(zone.id) + [zone.token.map { NativeArchive.encode($0) }, zone.exists])
            }
            if let databaseToken {
                try db.execute(sql: """
                    INSERT INTO \(schema.state) (key, value) VALUES ('databaseToken', ?)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """, arguments: [NativeArchive.encode(databaseToken)])
            }
        }
    }
}

extension RecordStore {
    /// The moved records with their local and server values' assets copied into the folder, and the digests pinned
    /// for the move's transaction. The first asset that cannot be taken in throws; nothing stays pinned.
    fileprivate func adoptAssets(moving records: [MovedRecord]) throws(RecordStoreError) -> ([MovedRecord], [String]) {
        var pins: [String] = []
        var moved: [MovedRecord] = []
        for var record in records {
            do throws(RecordStoreError) {
                if let local = record.local {
                    let adopted = try adoptAssets([local])
                    pins += adopted.pins
                    record.local = adopted.records.first
                }
                if let server = record.server {
                    let adopted = try adoptAssets([server])
                    pins += adopted.pins
                    record.server = adopted.records.first
                }
            } catch {
                releaseAssets(pins)
                throw error
            }
            moved.append(record)
        }
        return (moved, pins)
    }
}
