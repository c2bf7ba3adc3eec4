import RecordKit
import RecordKitStore

extension SyncEngine {
    /// Reads the database feed (which zones changed or went away), then fetches every changed zone and every zone
    /// of the configuration. The database token is stored last, once its zones are fetched.
    func fetchAll() async throws(SyncError) {
        // First delete what the app deleted after a lost response, or the fetch would bring it back.
        try await settleAttempts()
        var zoneIDs = configuration.zones
        var databaseToken: ServerChangeToken?
        if database.scope != .public {
            let changes = try await fetchDatabaseChanges()
            for deletion in changes.deleted {
                try await zoneLost(deletion.zoneID, reason: Self.resetReason(deletion.reason))
            }
            let deleted = Set(changes.deleted.map(\.zoneID))
            zoneIDs.removeAll { deleted.contains($0) }
            for zoneID in changes.changed where !zoneIDs.contains(zoneID) { zoneIDs.append(zoneID) }
            databaseToken = changes.token
        }
        for zoneID in zoneIDs where hasChangeFeed(zoneID) {
            try await fetchZone(zoneID)
        }
        if let databaseToken {
            try stored { () throws(RecordStoreError) in try store.setDatabaseToken(databaseToken) }
        }
    }

    private func hasChangeFeed(_ zoneID: RecordZoneID) -> Bool {
        database.scope != .public && zoneID.zoneName != RecordZoneID.defaultZoneName
    }

    private static func resetReason(_ reason: ZoneDeletionReason) -> ZoneResetReason {
        switch reason {
        case .deleted: .deleted
        case .purged: .userDeletedZone
        case .encryptedDataReset: .encryptedDataReset
        }
    }

    /// Every page of the database feed since the stored token (from no token if it expired).
    private func fetchDatabaseChanges() async throws(SyncError) -> (changed: [RecordZoneID], deleted: [ZoneDeletion], token: ServerChangeToken?) {
        var token = try stored { () throws(RecordStoreError) in try store.databaseToken() }
        var changed: [RecordZoneID] = [], deleted: [ZoneDeletion] = []
        var expired = false
        while true {
            let page: DatabaseChangesPage
            do {
                let since = token
                page = try await withRetries { () async throws(CloudError) in try await database.fetchDatabaseChanges(since: since) }
            } catch .cloud(.changeTokenExpired) where !expired {
                expired = true
                token = nil
                changed = []
                deleted = []
                continue
            }
            for zoneID in page.changedZones where !changed.contains(zoneID) { changed.append(zoneID) }
            for deletion in page.deletedZones {
                changed.removeAll { $0 == deletion.zoneID }
                deleted.removeAll { $0.zoneID == deletion.zoneID }
                deleted.append(deletion)
            }
            token = page.token
            if !page.moreComing { break }
        }
        // A zone deleted then created again is a changed zone whose old data is gone.
        return (changed, deleted, token)
    }

    /// Fetches one zone's changes page by page, each page stored with its token in one transaction.
    func fetchZone(_ zoneID: RecordZoneID) async throws(SyncError) {
        var token = try stored { () throws(RecordStoreError) in try store.zone(zoneID)?.token }
        var expired = false
        if token == nil {
            // A fetch from no token reports no deletions: start from what the server holds, pending edits kept.
            try stored { () throws(RecordStoreError) in try store.forgetZone(zoneID, keepingLocalChanges: true) }
        }
        while true {
            let page: ZoneChangesPage
            do {
                let since = token
                page = try await withRetries { () async throws(CloudError) in
                    try await database.fetchZoneChanges(zoneID, since: since, resultsLimit: configuration.fetchResultsLimit)
                }
            } catch .cloud(.changeTokenExpired) where !expired {
                // Fetch everything again; records with pending edits stay and are merged with what arrives.
                expired = true
                token = nil
                try stored { () throws(RecordStoreError) in try store.forgetZone(zoneID, keepingLocalChanges: true) }
                emit(.zoneReset(zoneID, reason: .changeTokenExpired))
                continue
            } catch .cloud(.zoneNotFound) {
                try stored { () throws(RecordStoreError) in try store.setZone(zoneID, exists: false) }
                return
            } catch .cloud(.userDeletedZone) {
                try await zoneLost(zoneID, reason: .userDeletedZone)
                return
            } catch .cloud(.encryptedDataReset) {
                try await zoneLost(zoneID, reason: .encryptedDataReset)
                return
            }
            let fetched = FetchedPage(zoneID: zoneID, changed: page.changed, deleted: page.deleted.map(\.id), token: page.token)
            let report = try stored { () throws(RecordStoreError) in try store.apply(fetched) }
            emit(.fetched(zoneID: zoneID, changed: page.changed.map(\.id), deleted: page.deleted.map(\.id)))
            for id in report.merged { emit(.conflictMerged(id)) }
            for error in report.mergedWithoutModel { emit(.undecodable(error)) }
            token = page.token
            if !page.moreComing { return }
        }
    }
}
