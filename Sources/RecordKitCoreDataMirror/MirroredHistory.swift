/// What the store's persistent history says about deleted entity rows, and how far the mirror had exported it.
///
/// NSPersistentCloudKitContainer learns of local deletes from persistent history: `ATRANSACTION` (one row per save,
/// its `Z_PK` the transaction number) and `ACHANGE` (per changed row `ZENTITY` = `Z_ENT`, `ZENTITYPK` = `Z_PK`,
/// `ZCHANGETYPE` as `NSPersistentHistoryChangeType`: 0 insert, 1 update, 2 delete). Its exporter keeps the last
/// transaction it processed in `ANSCKMETADATAENTRY` under `NSCloudKitMirroringDelegateLastHistoryTokenKey` (a keyed
/// archive of an `NSPersistentHistoryToken`: store identifier → transaction number), and the analyser's per-row
/// result in `ANSCKHISTORYANALYZERSTATE` (`ZFINALCHANGETYPENUM` 2: the row's last change is a delete) until the
/// export turns it into `ZNEEDSCLOUDDELETE`.
public struct MirroredHistory: Sendable, Hashable {
    /// The last transaction the mirror had processed for export (from `NSCloudKitMirroringDelegateLastHistoryTokenKey`
    /// for this store's `Z_METADATA.Z_UUID`; 0 when the store has no such entry, as the exporter reads it). Nil when
    /// it cannot be determined (the token does not decode or names another store): then every history delete of a
    /// row counts as not yet exported.
    public var exportedTransaction: Int?
    /// Every delete persistent history records (`ACHANGE` rows with `ZCHANGETYPE` 2), with its transaction.
    public var deletes: [MirroredHistoryDelete]
    /// Rows the history analyser found deleted and the exporter had not yet handled (`ANSCKHISTORYANALYZERSTATE`
    /// rows with `ZFINALCHANGETYPENUM` 2); their transaction is nil.
    public var analyzedDeletes: [MirroredHistoryDelete]

    /// Empty history: nothing recorded, nothing exported.
    public init(exportedTransaction: Int? = nil, deletes: [MirroredHistoryDelete] = [], analyzedDeletes: [MirroredHistoryDelete] = []) {
        self.exportedTransaction = exportedTransaction
        self.deletes = deletes
        self.analyzedDeletes = analyzedDeletes
    }

    /// Whether history records a delete of the row `primaryKey` of entity `entityID` that the mirror had not yet
    /// exported: a history delete after ``exportedTransaction`` (any history delete when it is nil), or an analysed
    /// delete.
    public func hasUnexportedDelete(entityID: Int, primaryKey: Int) -> Bool {
        if analyzedDeletes.contains(where: { $0.entityID == entityID && $0.primaryKey == primaryKey }) { return true }
        return deletes.contains { delete in
            guard delete.entityID == entityID, delete.primaryKey == primaryKey else { return false }
            guard let exported = exportedTransaction, let transaction = delete.transaction else { return true }
            return transaction > exported
        }
    }
}

/// A deleted entity row that persistent history names.
public struct MirroredHistoryDelete: Sendable, Hashable {
    /// The row's entity (`Z_ENT`).
    public var entityID: Int
    /// The row's primary key (`Z_PK`).
    public var primaryKey: Int
    /// The transaction (`ATRANSACTION.Z_PK`) that deleted it; nil for an analyser state.
    public var transaction: Int?

    /// A delete of row `primaryKey` of entity `entityID` in `transaction`.
    public init(entityID: Int, primaryKey: Int, transaction: Int?) {
        self.entityID = entityID
        self.primaryKey = primaryKey
        self.transaction = transaction
    }
}
