import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Queues every stored record of a zone to be uploaded again as new (after the user reset their encrypted
    /// data, or the app chose to upload a zone the user deleted): the server copies and the zone's token are
    /// forgotten, each stored value becomes a pending save, and pending deletes are dropped (the server no
    /// longer has those records). One transaction.
    ///
    /// - Returns: how many records are queued.
    @discardableResult
    public func requeueZone(_ zoneID: RecordZoneID) throws(RecordStoreError) -> Int {
        let table = schema.records
        let zone = try RowCoding.arguments(zoneID)
        return try write { db in
            try db.execute(
                sql: "DELETE FROM \(table) WHERE ownerName = ? AND zoneName = ? AND value IS NULL", arguments: zone)
            let names = try String.fetchAll(
                db, sql: "SELECT recordName FROM \(table) WHERE ownerName = ? AND zoneName = ? ORDER BY recordName",
                arguments: zone)
            var generation = try reserveGenerations(db, count: names.count)
            for name in names {
                try db.execute(sql: """
                    UPDATE \(table) SET server = NULL, pending = \(PendingCode.save.rawValue), generation = ?
                    WHERE ownerName = ? AND zoneName = ? AND recordName = ?
                    """, arguments: [generation] + zone + [name])
                generation += 1
            }
            try db.execute(sql: "DELETE FROM \(schema.zones) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
            try dropRefetchNotes(db, zone: zone)
            return names.count
        }
    }
}
