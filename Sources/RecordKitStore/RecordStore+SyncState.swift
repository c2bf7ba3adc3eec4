import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// What the store keeps about a zone: its change token and whether it exists; nil if nothing.
    public func zone(_ zoneID: RecordZoneID) throws(RecordStoreError) -> StoredZone? {
        let table = schema.zones
        let row = try read { db in
            try Row.fetchOne(db, sql: "SELECT token, zoneExists FROM \(table) WHERE ownerName = ? AND zoneName = ?", arguments: try RowCoding.arguments(zoneID))
        }
        guard let row else { return nil }
        let token: Data? = try RowCoding.column(row, 0, table: table, id: nil)
        let exists: Bool = try RowCoding.column(row, 1, table: table, id: nil)
        return StoredZone(id: zoneID, token: try token.map { (data: Data) throws(RecordStoreError) in try Self.token(data, what: "change token of zone \(zoneID)") }, exists: exists)
    }

    /// Every zone the store knows, in zone ID order.
    public func zones() throws(RecordStoreError) -> [StoredZone] {
        let table = schema.zones
        let rows = try read { db in try Row.fetchAll(db, sql: "SELECT ownerName, zoneName, token, zoneExists FROM \(table)") }
        var zones: [StoredZone] = []
        for row in rows {
            let id = RecordZoneID(zoneName: try RowCoding.column(row, 1, table: table, id: nil), ownerName: try RowCoding.column(row, 0, table: table, id: nil))
            let token: Data? = try RowCoding.column(row, 2, table: table, id: nil)
            let exists: Bool = try RowCoding.column(row, 3, table: table, id: nil)
            zones.append(StoredZone(id: id, token: try token.map { (data: Data) throws(RecordStoreError) in try Self.token(data, what: "change token of zone \(id)") }, exists: exists))
        }
        return zones.sorted { $0.id < $1.id }
    }

    /// Records whether a zone exists on the server (created, or found deleted), keeping its token.
    public func setZone(_ zoneID: RecordZoneID, exists: Bool) throws(RecordStoreError) {
        let table = schema.zones
        try write { db in
            try db.execute(sql: """
                INSERT INTO \(table) (ownerName, zoneName, zoneExists) VALUES (?, ?, ?)
                ON CONFLICT (ownerName, zoneName) DO UPDATE SET zoneExists = excluded.zoneExists
                """, arguments: try RowCoding.arguments(zoneID) + [exists])
        }
    }

    /// The database change feed's token.
    public func databaseToken() throws(RecordStoreError) -> ServerChangeToken? {
        guard let data = try stateValue("databaseToken") else { return nil }
        return try Self.token(data, what: "database change token")
    }

    /// Stores the database change feed's token (nil removes it).
    public func setDatabaseToken(_ token: ServerChangeToken?) throws(RecordStoreError) {
        try setStateValue("databaseToken", token.map { NativeArchive.encode($0) })
    }

    /// The sync engine's opaque state (CKSyncEngine's state serialization on Apple platforms).
    public func engineState() throws(RecordStoreError) -> Data? {
        try stateValue("engineState")
    }

    /// Stores the sync engine's opaque state (nil removes it).
    public func setEngineState(_ data: Data?) throws(RecordStoreError) {
        try setStateValue("engineState", data)
    }

    /// The zone tokens and database token as a RecordKit `SyncState`, for code that archives or passes one.
    public func syncState() throws(RecordStoreError) -> SyncState {
        var state = SyncState(databaseToken: try databaseToken())
        for zone in try zones() {
            if let token = zone.token { state.zoneTokens[zone.id] = token }
        }
        return state
    }

    // MARK: Plumbing

    private func stateValue(_ key: String) throws(RecordStoreError) -> Data? {
        let table = schema.state
        let row = try read { db in try Row.fetchOne(db, sql: "SELECT value FROM \(table) WHERE key = ?", arguments: [key]) }
        guard let row else { return nil }
        return try RowCoding.column(row, 0, table: table, id: nil)
    }

    private func setStateValue(_ key: String, _ value: Data?) throws(RecordStoreError) {
        let table = schema.state
        try write { db in
            if let value {
                try db.execute(sql: "INSERT OR REPLACE INTO \(table) (key, value) VALUES (?, ?)", arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM \(table) WHERE key = ?", arguments: [key])
            }
        }
    }

    private static func token(_ data: Data, what: String) throws(RecordStoreError) -> ServerChangeToken {
        do {
            return try NativeArchive.decodeToken(data)
        } catch {
            throw .corruptState(what, error)
        }
    }
}
