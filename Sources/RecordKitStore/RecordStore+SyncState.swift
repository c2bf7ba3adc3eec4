import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// What the store keeps about a zone: its change token and whether it exists; nil if nothing.
    public func zone(_ zoneID: RecordZoneID) throws(RecordStoreError) -> StoredZone? {
        let zone = try RowCoding.arguments(zoneID)
        return try read { db in try self.zone(db, zoneID, arguments: zone) }
    }

    /// What the store keeps about a zone, read in `db` (see ``zone(_:)``).
    func zone(_ db: Database, _ zoneID: RecordZoneID, arguments: StatementArguments) throws -> StoredZone? {
        let table = schema.zones
        let row = try Row.fetchOne(db, sql: "SELECT token, zoneExists, scope, localCopy, lost FROM \(table) WHERE ownerName = ? AND zoneName = ?", arguments: arguments)
        return try row.map { (row: Row) throws(RecordStoreError) in try Self.storedZone(row, id: zoneID, table: table) }
    }

    /// Every zone the store knows, in zone ID order.
    public func zones() throws(RecordStoreError) -> [StoredZone] {
        try read { db in try zones(db) }
    }

    /// Every zone the store knows, read in `db` (see ``zones()``).
    func zones(_ db: Database) throws -> [StoredZone] {
        let table = schema.zones
        let rows = try Row.fetchAll(db, sql: "SELECT ownerName, zoneName, token, zoneExists, scope, localCopy, lost FROM \(table)")
        var zones: [StoredZone] = []
        for row in rows {
            let id = RecordZoneID(
                zoneName: try RowCoding.text(row, "zoneName", table: table, id: nil),
                ownerName: try RowCoding.text(row, "ownerName", table: table, id: nil))
            zones.append(try Self.storedZone(row, id: id, table: table))
        }
        return zones.sorted { $0.id < $1.id }
    }

    /// A zone row's `token`, `zoneExists`, `scope`, `localCopy` and `lost` columns.
    private static func storedZone(_ row: Row, id: RecordZoneID, table: String) throws(RecordStoreError) -> StoredZone {
        let token: Data? = try RowCoding.column(row, "token", table: table, id: nil)
        let exists: Bool = try RowCoding.column(row, "zoneExists", table: table, id: nil)
        let scopeName: String = try RowCoding.column(row, "scope", table: table, id: nil)
        guard let scope = DatabaseScope(rawValue: scopeName) else {
            throw RowCoding.corruptColumn(row, "scope", table: table, id: nil)
        }
        let localCopy: Bool = try RowCoding.column(row, "localCopy", table: table, id: nil)
        let lost: Bool = try RowCoding.column(row, "lost", table: table, id: nil)
        return StoredZone(
            id: id, token: try token.map { (data: Data) throws(RecordStoreError) in try Self.token(data, what: "change token of zone \(id)") },
            exists: exists, scope: scope, isLocalCopy: localCopy, isLost: lost)
    }

    /// Records whether a zone exists on the server (created, or found deleted), keeping its token.
    public func setZone(_ zoneID: RecordZoneID, exists: Bool) throws(RecordStoreError) {
        let zone = try RowCoding.arguments(zoneID)
        try write { db in try setZone(db, zone: zone, exists: exists) }
    }

    /// Records whether a zone exists inside a write transaction (see ``setZone(_:exists:)``).
    func setZone(_ db: Database, zone: StatementArguments, exists: Bool) throws {
        try db.execute(sql: """
            INSERT INTO \(schema.zones) (ownerName, zoneName, zoneExists) VALUES (?, ?, ?)
            ON CONFLICT (ownerName, zoneName) DO UPDATE SET zoneExists = excluded.zoneExists
            """, arguments: zone + [exists])
    }

    /// Records which database a zone is in, keeping what else the store knows of it. A zone the store holds
    /// as a local copy (``SharedZoneLossPolicy/keepLocalCopy``) is synced again, and one lost with its records
    /// (``StoredZone/isLost``) takes local writes again: the engine of the shared
    /// database calls this when its change feed lists the zone again (the share was accepted again).
    public func setZone(_ zoneID: RecordZoneID, scope: DatabaseScope) throws(RecordStoreError) {
        let zone = try RowCoding.arguments(zoneID)
        try write { db in try setZone(db, zone: zone, scope: scope) }
    }

    /// Records which database a zone is in inside a write transaction (see ``setZone(_:scope:)``).
    func setZone(_ db: Database, zone: StatementArguments, scope: DatabaseScope) throws {
        // A lost zone listed again exists again, as a zone first seen would.
        try db.execute(sql: """
            INSERT INTO \(schema.zones) (ownerName, zoneName, scope, localCopy, lost) VALUES (?, ?, ?, 0, 0)
            ON CONFLICT (ownerName, zoneName) DO UPDATE
            SET scope = excluded.scope, localCopy = 0, zoneExists = zoneExists OR lost, lost = 0
            """, arguments: zone + [scope.rawValue])
    }

    /// The database change feed's token: the private database's (see ``databaseToken(for:)``).
    public func databaseToken() throws(RecordStoreError) -> ServerChangeToken? {
        try databaseToken(for: .private)
    }

    /// Stores the private database's change feed token (nil removes it; see ``setDatabaseToken(_:for:)``).
    public func setDatabaseToken(_ token: ServerChangeToken?) throws(RecordStoreError) {
        try setDatabaseToken(token, for: .private)
    }

    /// The change feed token of one database: each database has its own feed, so the engines of the private and
    /// the shared database keep theirs apart in one store.
    public func databaseToken(for scope: DatabaseScope) throws(RecordStoreError) -> ServerChangeToken? {
        guard let data = try stateValue(Self.databaseTokenKey(scope)) else { return nil }
        return try Self.token(data, what: "\(scope.rawValue) database change token")
    }

    /// Stores one database's change feed token (nil removes it).
    public func setDatabaseToken(_ token: ServerChangeToken?, for scope: DatabaseScope) throws(RecordStoreError) {
        try setStateValue(Self.databaseTokenKey(scope), token.map { NativeArchive.encode($0) })
    }

    /// The state table's key of a database's token: the private one keeps the key it had before sharing.
    static func databaseTokenKey(_ scope: DatabaseScope) -> String {
        scope == .shared ? "sharedDatabaseToken" : "databaseToken"
    }

    /// Every database token's key, for the calls that forget the server state.
    static let databaseTokenKeys = ["databaseToken", "sharedDatabaseToken"]

    /// An engine's opaque state (CKSyncEngine's state serialization for the CKSyncEngine adapter).
    public func engineState(_ key: EngineStateKey) throws(RecordStoreError) -> Data? {
        try stateValue(key.name)
    }

    /// Stores an engine's opaque state (nil removes it).
    public func setEngineState(_ data: Data?, for key: EngineStateKey) throws(RecordStoreError) {
        try setStateValue(key.name, data)
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
        try read { db in try stateValue(db, key) }
    }

    private func setStateValue(_ key: String, _ value: Data?) throws(RecordStoreError) {
        try write { db in try setStateValue(db, key, value) }
    }

    /// A value of the state table, read in `db`.
    func stateValue(_ db: Database, _ key: String) throws -> Data? {
        let table = schema.state
        guard let row = try Row.fetchOne(db, sql: "SELECT value FROM \(table) WHERE key = ?", arguments: [key]) else { return nil }
        return try RowCoding.column(row, "value", table: table, id: nil)
    }

    /// Sets (or with nil removes) a value of the state table inside a write transaction.
    func setStateValue(_ db: Database, _ key: String, _ value: Data?) throws {
        if let value {
            try db.execute(sql: "INSERT OR REPLACE INTO \(schema.state) (key, value) VALUES (?, ?)", arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM \(schema.state) WHERE key = ?", arguments: [key])
        }
    }

    static func token(_ data: Data, what: String) throws(RecordStoreError) -> ServerChangeToken {
        do {
            return try NativeArchive.decodeToken(data)
        } catch {
            throw .corruptState(what, error)
        }
    }
}
