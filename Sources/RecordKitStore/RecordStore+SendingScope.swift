import Foundation
import GRDB
import RecordKit

/// The one rule of which database a zone's pending changes go to, for every engine (``SyncEngine`` and the
/// CKSyncEngine adapter alike): a zone kept as a local copy (``SharedZoneLossPolicy/keepLocalCopy``) sends
/// nothing; a zone the store recorded as shared (``setZone(_:scope:)``), or whose owner is not the current user
/// (``RecordZoneID/defaultOwnerName``), is the shared database's, since every zone of the private database is the
/// current user's and every zone of the shared database another user's
/// (https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared); any other zone, known to the
/// store or not, is the private database's.
extension RecordStore {
    /// The database `zoneID`'s pending changes go to, by the store's one rule (see above); nil for a zone kept as a
    /// local copy, which sends nothing.
    public func sendingScope(of zoneID: RecordZoneID) throws(RecordStoreError) -> DatabaseScope? {
        let zone = try RowCoding.arguments(zoneID)
        return try read { db in try sendingScope(db, zoneID, arguments: zone) }
    }

    /// The database a zone's changes go to, read in `db` (see ``sendingScope(of:)``).
    func sendingScope(_ db: Database, _ zoneID: RecordZoneID, arguments: StatementArguments) throws -> DatabaseScope? {
        let rule = Self.zoneSendingScope(zones: schema.zones, ownerName: "asked.ownerName", zoneName: "asked.zoneName")
        let scope = try String.fetchOne(
            db, sql: "SELECT \(rule) FROM (SELECT ? AS ownerName, ? AS zoneName) asked", arguments: arguments)
        return scope.flatMap(DatabaseScope.init(rawValue:))
    }

    /// The SQL condition, on the records table aliased `r`, that its pending change goes to the engine of
    /// `scope` (nil: of any database), by the store's one rule.
    func sendsTo(_ scope: DatabaseScope?) -> String {
        let zoneScope = Self.zoneSendingScope(zones: schema.zones, ownerName: "r.ownerName", zoneName: "r.zoneName")
        guard let scope else { return "\(zoneScope) <> ''" }
        return "\(zoneScope) = '\(scope.rawValue)'"
    }

    /// The rule as an SQL expression of a zone's owner and zone name (qualified column names): the scope's raw
    /// value, or `''` for a local copy. The `scope` column's `private` is its default, not a recording: only
    /// `shared` is ever recorded.
    private static func zoneSendingScope(zones: String, ownerName: String, zoneName: String) -> String {
        let (shared, privateScope) = (DatabaseScope.shared.rawValue, DatabaseScope.private.rawValue)
        let byOwner = "CASE WHEN \(ownerName) = '\(RecordZoneID.defaultOwnerName)' THEN '\(privateScope)' ELSE '\(shared)' END"
        return """
            IFNULL((SELECT CASE WHEN z.localCopy <> 0 THEN '' WHEN z.scope = '\(shared)' THEN '\(shared)' ELSE \(byOwner) END
            FROM \(zones) z WHERE z.ownerName = \(ownerName) AND z.zoneName = \(zoneName)), \(byOwner))
            """
    }
}

extension AsyncRecordStore {
    /// See ``RecordStore/sendingScope(of:)``.
    public func sendingScope(of zoneID: RecordZoneID) async throws(RecordStoreError) -> DatabaseScope? {
        let zone = try RowCoding.arguments(zoneID)
        return try await store.read { [store] db in try store.sendingScope(db, zoneID, arguments: zone) }
    }
}
