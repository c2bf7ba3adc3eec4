import Foundation
import GRDB
import RecordKit

/// The shares the store keeps (issue 29): each zone's shares as the feeds report them (`cloudkit.share` records,
/// kept apart from the records) and as the owner saves them, one row per share, with its participants. They go
/// with their zone: ``forgetZone(_:keepingLocalChanges:)``, ``loseSharedZone(_:policy:)`` (either policy: a local
/// copy is no longer shared) and ``deleteAllData()`` remove them.
extension RecordStore {
    /// The share with this record ID, or nil.
    public func share(_ shareID: RecordID) throws(RecordStoreError) -> RecordShare? {
        let arguments = try RowCoding.arguments(shareID)
        return try read { db in try share(db, where: RecordIDFilter.sql, arguments).first }
    }

    /// The share of the hierarchy whose root is `rootRecordID`, or nil when the record is not a shared root (a
    /// record below a shared root is shared through its root's share, not its own).
    public func share(ofRootRecord rootRecordID: RecordID) throws(RecordStoreError) -> RecordShare? {
        let arguments = try RowCoding.arguments(rootRecordID)
        return try read { db in try share(db, where: Self.rootFilter, arguments).first }
    }

    /// The share of the whole zone (record name `RecordShare.zoneShareRecordName`), or nil.
    public func zoneShare(of zoneID: RecordZoneID) throws(RecordStoreError) -> RecordShare? {
        try share(RecordID(recordName: RecordShare.zoneShareRecordName, zoneID: zoneID))
    }

    /// Every share kept in the zone (its zone share and its hierarchy shares), in record name order.
    public func shares(in zoneID: RecordZoneID) throws(RecordStoreError) -> [RecordShare] {
        let arguments = try RowCoding.arguments(zoneID)
        return try read { db in try share(db, where: "ownerName = ? AND zoneName = ?", arguments) }
    }

    /// Keeps `share`, replacing the one stored under its ID (a share the owner saved, as the server returned it).
    public func storeShare(_ share: RecordShare) throws(RecordStoreError) {
        let row = try Self.shareRow(share)
        try write { db in try storeShare(db, row) }
    }

    /// Removes the share with this ID (the owner deleted it, or the feed reports it deleted); whether there was one.
    @discardableResult
    public func removeShare(_ shareID: RecordID) throws(RecordStoreError) -> Bool {
        let arguments = try RowCoding.arguments(shareID)
        return try write { db in try removeShare(db, arguments) }
    }

    /// A GRDB observation of the share of the hierarchy rooted at `rootRecordID` (nil while there is none): for a
    /// "shared with" view, it emits the current share, then again whenever a committed transaction changes it.
    public func shareObservation(
        ofRootRecord rootRecordID: RecordID
    ) throws(RecordStoreError) -> ValueObservation<ValueReducers.RemoveDuplicates<ValueReducers.Fetch<RecordShare?>>> {
        let arguments = try RowCoding.arguments(rootRecordID)
        return ValueObservation.tracking { [self] db in try share(db, where: Self.rootFilter, arguments).first }
            .removeDuplicates()
    }

    /// The share of the hierarchy rooted at `rootRecordID` as an async sequence: the current one (nil while there
    /// is none), then after every change (see ``shareObservation(ofRootRecord:)``).
    public func shareValues(ofRootRecord rootRecordID: RecordID) throws(RecordStoreError) -> AsyncValueObservation<RecordShare?> {
        try shareObservation(ofRootRecord: rootRecordID).values(in: database)
    }

    // MARK: Inside transactions

    /// A share's row values: its ID columns, its root's record name (nil for a zone share) and its JSON.
    struct ShareRow: Sendable {
        var arguments: StatementArguments
    }

    static func shareRow(_ share: RecordShare) throws(RecordStoreError) -> ShareRow {
        var arguments = try RowCoding.arguments(share.id)
        if let root = share.rootRecordID {
            // A hierarchy share lives in its root record's zone (CKShare(rootRecord:)).
            guard root.zoneID == share.zoneID else {
                throw .corruptShare(share.id, reason: "its root record '\(root.recordName)' is in another zone, \(root.zoneID)")
            }
            try RowCoding.checkStorable(root)
        }
        let bytes: Data
        do {
            bytes = try JSONEncoder().encode(share)
        } catch {
            throw .corruptShare(share.id, reason: "cannot be encoded: \(error)")
        }
        arguments += [share.rootRecordID?.recordName, bytes]
        return ShareRow(arguments: arguments)
    }

    /// The condition on a hierarchy share's root: owner name, zone name and the root's record name.
    private static let rootFilter = "ownerName = ? AND zoneName = ? AND rootRecordName = ?"

    /// The shares matching `condition`, decoded; a share whose bytes do not decode is ``RecordStoreError/corruptShare(_:reason:)``.
    func share(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> [RecordShare] {
        let table = schema.shares
        let rows = try Row.fetchAll(
            db, sql: "SELECT ownerName, zoneName, recordName, share FROM \(table) WHERE \(condition) ORDER BY recordName",
            arguments: arguments)
        return try rows.map { (row: Row) throws(RecordStoreError) in
            let id = RecordID(
                recordName: try RowCoding.text(row, "recordName", table: table, id: nil),
                zoneID: RecordZoneID(
                    zoneName: try RowCoding.text(row, "zoneName", table: table, id: nil),
                    ownerName: try RowCoding.text(row, "ownerName", table: table, id: nil)))
            let bytes: Data = try RowCoding.column(row, "share", table: table, id: id)
            let share: RecordShare
            do {
                share = try JSONDecoder().decode(RecordShare.self, from: bytes)
            } catch {
                throw RecordStoreError.corruptShare(id, reason: "\(error)")
            }
            guard share.id == id else {
                throw RecordStoreError.corruptShare(id, reason: "the stored share has the ID '\(share.id.recordName)' in zone \(share.zoneID)")
            }
            return share
        }
    }

    func storeShare(_ db: Database, _ row: ShareRow) throws {
        try db.execute(sql: """
            INSERT INTO \(schema.shares) (ownerName, zoneName, recordName, rootRecordName, share) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (ownerName, zoneName, recordName) DO UPDATE
            SET rootRecordName = excluded.rootRecordName, share = excluded.share
            """, arguments: row.arguments)
    }

    func removeShare(_ db: Database, _ arguments: StatementArguments) throws -> Bool {
        try db.execute(sql: "DELETE FROM \(schema.shares) WHERE \(RecordIDFilter.sql)", arguments: arguments)
        return db.changesCount > 0
    }

    /// Removes every share of a zone (arguments: owner name, zone name), with the zone.
    func dropShares(_ db: Database, zone: StatementArguments) throws {
        try db.execute(sql: "DELETE FROM \(schema.shares) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
    }

    /// Stores a fetched page's shares and removes its deleted shares, in the page's transaction.
    func applyShares(_ db: Database, _ page: FetchedPage) throws {
        for share in page.shares { try storeShare(db, try Self.shareRow(share)) }
        for id in page.deletedShares { _ = try removeShare(db, try RowCoding.arguments(id)) }
    }
}

extension AsyncRecordStore {
    /// See ``RecordStore/share(_:)``.
    public func share(_ shareID: RecordID) async throws(RecordStoreError) -> RecordShare? {
        let arguments = try RowCoding.arguments(shareID)
        return try await store.read { [store] db in try store.share(db, where: RecordIDFilter.sql, arguments).first }
    }

    /// See ``RecordStore/shares(in:)``.
    public func shares(in zoneID: RecordZoneID) async throws(RecordStoreError) -> [RecordShare] {
        let arguments = try RowCoding.arguments(zoneID)
        return try await store.read { [store] db in try store.share(db, where: "ownerName = ? AND zoneName = ?", arguments) }
    }

    /// See ``RecordStore/storeShare(_:)``.
    public func storeShare(_ share: RecordShare) async throws(RecordStoreError) {
        let row = try RecordStore.shareRow(share)
        try await store.write { [store] db in try store.storeShare(db, row) }
    }

    /// See ``RecordStore/removeShare(_:)``.
    @discardableResult
    public func removeShare(_ shareID: RecordID) async throws(RecordStoreError) -> Bool {
        let arguments = try RowCoding.arguments(shareID)
        return try await store.write { [store] db in try store.removeShare(db, arguments) }
    }
}
