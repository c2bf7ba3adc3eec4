/// What the store does with a shared zone the user lost access to: the owner deleted the share or the zone, or
/// removed the user from the share. CloudKit then drops the zone from the user's shared database; the records the
/// user's store holds of it are the app's to remove or keep.
/// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared
public enum SharedZoneLossPolicy: String, Sendable, Hashable {
    /// Remove the zone's records and their pending changes (the default): the user sees nothing they lost.
    case deleteRecords
    /// Keep the zone's records as a local copy that is never synced again: their pending changes are dropped
    /// (a record deleted locally stays deleted), the zone is marked ``StoredZone/isLocalCopy``, and nothing of
    /// it is ever sent, later edits included. The app finds such zones with ``RecordStore/zones()``
    /// (`isLocalCopy`) and reads their records as any others; ``RecordStore/forgetZone(_:keepingLocalChanges:)``
    /// removes them. A zone shared with the user again is synced again (``RecordStore/setZone(_:scope:)``).
    case keepLocalCopy
}
