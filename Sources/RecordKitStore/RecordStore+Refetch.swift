import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Starts a fetch of a zone from no token (none stored yet, or it expired). Nothing is dropped ahead of the
    /// refetch: every record keeps its server copy, the ancestor its pending edit merges against, and stays
    /// readable if the refetch fails. A fetch from no token reports no deletions, so the store notes which
    /// records the server held; the pages of the fetch (``apply(_:)``) cross off the ones they list, and its last
    /// page (a token and no ``FetchedPage/moreComing``) removes the others, in the same transaction, as
    /// deletions on the server: by the `deleteConflict` rule of their type when a local save is pending.
    ///
    /// A refetch cut short goes on from its last page's token, and its notes stay until it ends; starting again
    /// from no token starts the notes again.
    public func beginRefetch(_ zoneID: RecordZoneID) throws(RecordStoreError) {
        let zone = try RowCoding.arguments(zoneID)
        try write { db in try beginRefetch(db, zone: zone) }
    }

    /// Starts a refetch inside a write transaction (see ``beginRefetch(_:)``).
    func beginRefetch(_ db: Database, zone: StatementArguments) throws {
        let (records, refetch) = (schema.records, schema.refetch)
        try db.execute(sql: "DELETE FROM \(refetch) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
        try db.execute(sql: """
            INSERT INTO \(refetch) (ownerName, zoneName, recordName)
            SELECT ownerName, zoneName, recordName FROM \(records) WHERE ownerName = ? AND zoneName = ? AND server IS NOT NULL
            """, arguments: zone)
    }

    /// Crosses off the records a page of a refetch listed; the last page removes the records left.
    func noteListed(_ db: Database, _ page: FetchedPage, report: inout ApplyReport) throws {
        let refetch = schema.refetch
        let zone = try RowCoding.arguments(page.zoneID)
        let inProgress = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM \(refetch) WHERE ownerName = ? AND zoneName = ?)", arguments: zone) ?? false
        guard inProgress else { return }
        let crossOff = try db.cachedStatement(sql: "DELETE FROM \(refetch) WHERE \(RecordIDFilter.sql)")
        for id in page.changed.map(\.id) + page.deleted where id.zoneID == page.zoneID {
            guard (try? RowCoding.checkStorable(id)) != nil else { continue }
            try crossOff.execute(arguments: try RecordIDFilter(id).arguments)
        }
        guard !page.moreComing else { return }
        let unlisted = try String.fetchAll(
            db, sql: "SELECT recordName FROM \(refetch) WHERE ownerName = ? AND zoneName = ? ORDER BY recordName", arguments: zone)
        try db.execute(sql: "DELETE FROM \(refetch) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
        for name in unlisted {
            try applyServerDeletion(db, id: RecordID(recordName: name, zoneID: page.zoneID), report: &report)
        }
    }

    /// Drops a zone's refetch notes (the zone was forgotten or queued again).
    func dropRefetchNotes(_ db: Database, zone: StatementArguments) throws {
        try db.execute(sql: "DELETE FROM \(schema.refetch) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
    }
}
