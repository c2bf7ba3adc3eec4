import RecordKit
import RecordKitStore

extension SyncEngine {
    /// Accepts a share and starts syncing it: `accepting` accepts the share `metadata` describes (read with
    /// ``ShareAccepting/fetchShareMetadata(_:)`` from the share's URL), the store records its zone as one of the
    /// shared database's, and the engine fetches: the shared database's feed, then the zone, so the shared
    /// records are in the store when this returns. Only an engine of the shared database accepts shares.
    /// https://developer.apple.com/documentation/cloudkit/ckacceptsharesoperation
    ///
    /// - Returns: the share, with the current user accepted.
    @discardableResult
    public func acceptShare(_ metadata: ShareMetadata, using accepting: any ShareAccepting) async throws(SyncError) -> RecordShare {
        guard database.scope == .shared else {
            throw .cloud(.invalidArguments("a share is accepted by the engine of the shared database, not the \(database.scope.rawValue) one"))
        }
        return try await inTurn {
            let share = try await withRetries { () async throws(CloudError) in try await accepting.acceptShare(metadata) }
            // A hierarchy share lives in its root record's zone; a zone share in the zone it covers.
            let zoneID = metadata.rootRecordID?.zoneID ?? share.zoneID
            try await store.async.setZone(zoneID, scope: .shared)
            try await fetchAll()
            // The feed may not list the zone yet: fetch it by name, unless the fetch did or found it gone.
            if let zone = try await store.async.zone(zoneID), zone.token == nil, zone.exists, !zone.isLocalCopy {
                try await fetchZone(zoneID)
            }
            try await ensureSubscription()
            return share
        }
    }
}
