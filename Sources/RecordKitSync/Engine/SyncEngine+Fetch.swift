import RecordKit
import RecordKitStore

extension SyncEngine {
    /// Reads the database feed (which zones changed or went away), then fetches every changed zone and every zone
    /// of the configuration. The database token is stored last, once its zones are fetched.
    func fetchAll() async throws {
        // First delete what the app deleted after a lost response, or the fetch would bring it back.
        try await settleAttempts()
        var zoneIDs = configuration.zones
        var databaseToken: ServerChangeToken?
        if database.scope != .public {
            let changes = try await fetchDatabaseChanges()
            let deletions = changes.deleted + (try await unlistedZones(changes))
            for deletion in deletions {
                try await zoneLost(deletion.zoneID, reason: ZoneResetReason(deletion.reason))
            }
            let deleted = Set(deletions.map(\.zoneID))
            zoneIDs.removeAll { deleted.contains($0) }
            if database.scope == .shared {
                // The shared database's feed is how its engine learns the zones shared with the user.
                for zoneID in changes.changed { try await store.async.setZone(zoneID, scope: .shared) }
            }
            for zoneID in changes.changed where !zoneIDs.contains(zoneID) { zoneIDs.append(zoneID) }
            databaseToken = changes.token
        }
        for zoneID in zoneIDs where hasChangeFeed(zoneID) {
            try await fetchZone(zoneID)
        }
        if let databaseToken {
            try await store.async.setDatabaseToken(databaseToken, for: database.scope)
        }
    }

    private func hasChangeFeed(_ zoneID: RecordZoneID) -> Bool {
        database.scope != .public && zoneID.zoneName != RecordZoneID.defaultZoneName
    }

    /// The zones a database fetch from no token shows deleted: such a fetch lists the zones that exist and
    /// reports no deletions, so a zone the store holds as existing that the list lacks was deleted meanwhile.
    private func unlistedZones(_ changes: DatabaseChanges) async throws -> [ZoneDeletion] {
        guard changes.fromNoToken else { return [] }
        let listed = Set(changes.changed).union(changes.deleted.map(\.zoneID))
        // Only this database's zones: the store also holds the other database's.
        let ours = try await store.async.zones().filter { ($0.scope == .shared) == (database.scope == .shared) && !$0.isLocalCopy }
        return ours.filter { $0.exists && !listed.contains($0.id) }.map { ZoneDeletion(zoneID: $0.id, reason: .deleted) }
    }

    /// What the database feed said since the stored token.
    private struct DatabaseChanges {
        var changed: [RecordZoneID] = []
        var deleted: [ZoneDeletion] = []
        var token: ServerChangeToken?
        /// Whether the feed was read from no token (none stored, or it expired): then it lists every zone.
        var fromNoToken = false
    }

    /// Every page of the database feed since the stored token (from no token if it expired).
    private func fetchDatabaseChanges() async throws -> DatabaseChanges {
        var token = try await store.async.databaseToken(for: database.scope)
        var changed: [RecordZoneID] = [], deleted: [ZoneDeletion] = []
        let startedFromNoToken = token == nil
        var expired = false
        while true {
            let page: DatabaseChangesPage
            let since = token
            switch await attempt({ () async throws(SyncError) in
                try await withRetries { () async throws(CloudError) in try await database.fetchDatabaseChanges(since: since) }
            }) {
            case let .success(response):
                page = response
            case .failure(.cloud(.changeTokenExpired)) where !expired:
                expired = true
                token = nil
                changed = []
                deleted = []
                continue
            case let .failure(error):
                throw error
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
        return DatabaseChanges(changed: changed, deleted: deleted, token: token, fromNoToken: startedFromNoToken || expired)
    }

    /// Fetches one zone's changes page by page, each page stored with its token in one transaction.
    func fetchZone(_ zoneID: RecordZoneID) async throws {
        var token = try await store.async.zone(zoneID)?.token
        var expired = false
        if token == nil {
            // A fetch from no token reports no deletions: its end removes what it did not list. Nothing goes before:
            // the server copies stay the ancestors of pending edits, and the records stay if the fetch fails.
            try await store.async.beginRefetch(zoneID)
        }
        while true {
            let page: ZoneChangesPage
            let since = token
            switch await attempt({ () async throws(SyncError) in
                try await withRetries { () async throws(CloudError) in
                    try await database.fetchZoneChanges(zoneID, since: since, resultsLimit: configuration.fetchResultsLimit)
                }
            }) {
            case let .success(response):
                page = response
            case .failure(.cloud(.changeTokenExpired)) where !expired:
                // Fetch everything again, merged with the records and pending edits against their ancestors.
                expired = true
                token = nil
                try await store.async.beginRefetch(zoneID)
                emit(.zoneReset(zoneID, reason: .changeTokenExpired))
                continue
            case let .failure(.cloud(error)) where ZoneFetchFailure(error) != .retry:
                switch ZoneFetchFailure(error) {
                // A participant's zone not found is a zone they lost: they cannot create it.
                case .zoneMissing where database.scope == .shared: try await zoneLost(zoneID, reason: .deleted)
                case .zoneMissing: try await store.async.setZone(zoneID, exists: false)
                case let .zoneLost(reason): try await zoneLost(zoneID, reason: reason)
                case .retry: throw SyncError.cloud(error)
                }
                return
            case let .failure(error):
                throw error
            }
            // Assets known only by a download URL are downloaded first: a page is stored whole, with its files, or not.
            let (changed, downloads) = try await downloadingAssets(of: page.changed)
            defer { Self.remove(downloads) }
            // Shares (`cloudkit.share`) are kept apart from the records, in the page's transaction.
            let (deleted, deletedShares) = page.deletedRecordsAndShares
            let fetched = FetchedPage(
                zoneID: zoneID, changed: changed, deleted: deleted, token: page.token, moreComing: page.moreComing,
                shares: page.shares, deletedShares: deletedShares)
            let report = try await store.async.apply(fetched)
            emit(.fetched(zoneID: zoneID, changed: page.changed.map(\.id), deleted: deleted))
            emitReport(report)
            token = page.token
            if !page.moreComing { return }
        }
    }
}
