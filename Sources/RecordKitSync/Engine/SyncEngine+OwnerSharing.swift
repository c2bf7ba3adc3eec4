import RecordKit
import RecordKitStore

/// The owner's side of sharing (issue 29): save a share of a record hierarchy or of a zone, and delete one, through
/// the database's ``CloudSharing``, keeping the result in the store (``RecordStore/share(ofRootRecord:)``).
extension SyncEngine {
    /// Saves `share` (new, or a saved one changed: participants, permissions, title) in this engine's database,
    /// and stores the share the server returned, with its URL and change tag.
    ///
    /// A new hierarchy share (no change tag yet) is saved with its root record in one atomic request, as CloudKit
    /// requires ("When saving a newly created CKShare, you must save the share and its rootRecord in the same
    /// CKModifyRecordsOperation batch": https://developer.apple.com/documentation/cloudkit/ckshare): the root's
    /// last server copy naming the share, so the root must have been synced first. The root then comes back from
    /// the server into the store, with its new change tag and its `share` field.
    ///
    /// A share saved over a version the server no longer has is never overwritten: the server's share is stored
    /// and reported as ``SyncError/shareChanged(serverShare:)``.
    ///
    /// - Throws: ``CloudError/unsupported(_:)`` when the database cannot share; ``CloudError/invalidArguments(_:)``
    ///   naming the root when it has no server copy; the server's errors otherwise.
    @discardableResult
    public func saveShare(_ share: RecordShare) async throws(SyncError) -> RecordShare {
        let sharing = try sharingDatabase()
        return try await inTurn {
            var rootRecord: Record?
            if let rootID = share.rootRecordID, share.system.changeTag == nil {
                rootRecord = try await rootRecordNamingShare(rootID, share: share)
            }
            let saved: RecordShare
            switch await attempt({ [rootRecord] () async throws(SyncError) in
                try await withRetries { () async throws(CloudError) in try await sharing.saveShare(share, rootRecord: rootRecord) }
            }) {
            case let .success(share):
                saved = share
            case let .failure(.cloud(.serverRecordChanged(serverRecord, _))) where serverRecord.id != share.rootRecordID:
                throw try await shareChangedOnServer(share.id, sharing: sharing)
            case let .failure(.cloud(.serverRecordChanged(serverRoot, clientRoot))):
                // The root changed on the server since it was synced: the store learns it; sync, then share again.
                try await store.async.apply(serverRecords: [serverRoot])
                throw SyncError.cloud(.serverRecordChanged(serverRecord: serverRoot, clientRecord: clientRoot))
            case let .failure(error):
                throw error
            }
            try await store.async.storeShare(saved)
            if rootRecord != nil, let rootID = share.rootRecordID { try await refreshRoot(rootID) }
            return saved
        }
    }

    /// Deletes the share with this ID from this engine's database (the owner stops sharing: every participant
    /// loses what it covered; the records stay the owner's) and from the store. A hierarchy share's root comes back
    /// from the server into the store, its `share` field cleared
    /// (https://developer.apple.com/documentation/cloudkit/ckrecord/share).
    ///
    /// - Throws: ``CloudError/unsupported(_:)`` when the database cannot share; the server's errors otherwise.
    ///   A share already gone from the server is removed from the store without an error.
    public func deleteShare(_ shareID: RecordID) async throws(SyncError) {
        let sharing = try sharingDatabase()
        try await inTurn {
            let root = try await store.async.share(shareID)?.rootRecordID
            switch await attempt({ () async throws(SyncError) in
                try await withRetries { () async throws(CloudError) in try await sharing.deleteShare(shareID) }
            }) {
            // Already deleted (by another device of the owner): nothing of it stays here either.
            case .success, .failure(.cloud(.unknownItem(shareID))): break
            case let .failure(error): throw error
            }
            try await store.async.removeShare(shareID)
            if let root { try await refreshRoot(root) }
        }
    }

    // MARK: Steps

    /// The database as ``CloudSharing``, or ``CloudError/unsupported(_:)``.
    private func sharingDatabase() throws(SyncError) -> any CloudSharing {
        guard let sharing = database as? any CloudSharing else {
            throw .cloud(.unsupported("sharing (saving and deleting shares) in the \(database.scope.rawValue) database"))
        }
        return sharing
    }

    /// The root's last server copy, naming `share` in its `share` field: what CloudKit saves with a new share.
    private func rootRecordNamingShare(_ rootID: RecordID, share: RecordShare) async throws -> Record {
        guard var root = try await store.async.storedState(of: rootID)?.server else {
            throw SyncError.cloud(.invalidArguments(
                "record \(rootID.recordName) in zone \(rootID.zoneID) is not on the server yet: sync it before sharing it (share \(share.id.recordName))"))
        }
        root.system.share = Reference(recordID: share.id)
        return root
    }

    /// Reads the server's share after a stale save, stores it, and returns the error that reports it.
    private func shareChangedOnServer(_ shareID: RecordID, sharing: any CloudSharing) async throws -> SyncError {
        let serverShare = try await withRetries { () async throws(CloudError) in try await sharing.fetchShare(shareID) }
        try await store.async.storeShare(serverShare)
        return .shareChanged(serverShare: serverShare)
    }

    /// Reads a root record from the server into the store (merged over pending edits as any server record is):
    /// saving or deleting its share changed its `share` field and its change tag.
    private func refreshRoot(_ rootID: RecordID) async throws {
        let results = try await withRetries { () async throws(CloudError) in try await database.fetchRecords([rootID]) }
        let records = results.compactMap { item -> Record? in
            if case let .success(record) = item.result { return record }
            return nil
        }
        if !records.isEmpty { try await store.async.apply(serverRecords: records) }
    }
}
