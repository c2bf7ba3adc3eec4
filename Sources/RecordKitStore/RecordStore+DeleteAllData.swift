import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Deletes every record, every zone's token, the database token and the engine states, in one transaction
    /// (the user signed out of, or switched, their iCloud account, and the app keeps no data of the last one).
    public func deleteAllData() throws(RecordStoreError) {
        try write { db in try deleteAllData(db) }
    }

    /// Deletes every record and all server state inside a write transaction (see ``deleteAllData()``).
    func deleteAllData(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(schema.records)")
        try forgetServerState(db)
    }
}
