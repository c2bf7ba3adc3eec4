import RecordKit
import RecordKitSync

extension CloudKitSimulator {
    public func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage {
        try fetchZoneChangesNow(zoneID, since: token, resultsLimit: resultsLimit)
    }

    func fetchZoneChangesNow(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) throws(CloudError) -> ZoneChangesPage {
        let loseResponse = try beginRequest(.fetchZoneChanges)
        let zone: SimulatedZone
        switch usableZone(zoneID) {
        case let .failure(error): throw error
        case let .success(found): zone = found
        }
        // Only zones with the fetchChanges capability have a change feed: custom zones of the private and
        // shared databases, never the default zone nor the public database.
        // https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities/fetchchanges
        // https://developer.apple.com/documentation/cloudkit/ckfetchrecordzonechangesoperation
        guard requestScope != .public, zone.zone.capabilities.contains(.fetchChanges) else {
            throw .invalidArguments("zone \(zoneID) of the \(requestScope.rawValue) database has no change feed")
        }
        var after: UInt64?
        if let token {
            guard let read = SimulatorToken(token, kind: .zone) ?? seededToken(token, kind: .zone) else {
                throw .invalidArguments("the token is not a change token of zone \(zoneID)")
            }
            // A token of an earlier incarnation of the feed is expired: fetch again from no token.
            // https://developer.apple.com/documentation/cloudkit/ckerror/code/changetokenexpired
            guard read.epoch == zone.epoch, read.sequence <= zone.sequence else { throw .changeTokenExpired(zoneID) }
            after = read.sequence
        }
        // Pages of changes; moreComing says to fetch again from the page's token.
        // https://developer.apple.com/documentation/cloudkit/ckfetchrecordzonechangesoperation/fetchallchanges
        let limit = max(1, min(resultsLimit ?? changesPageSize, changesPageSize))
        let changes = zone.changes(after: after, limit: limit, visibleThrough: hiddenChanges[zoneID])
        let pageToken = SimulatorToken(kind: .zone, epoch: zone.epoch, sequence: changes.through).token
        if loseResponse { throw .networkFailure }
        // A participant sees only the records and shares their shares cover (Sharing/CloudKitSimulator+ShareFeed).
        let page = pageForActingUser(changes, fromStart: after == nil)
        return ZoneChangesPage(
            zoneID: zoneID, changed: page.records.map(servingAssets), deleted: page.deleted, shares: page.shares,
            token: pageToken, moreComing: changes.moreComing)
    }

    public func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        try fetchDatabaseChangesNow(since: token)
    }

    func fetchDatabaseChangesNow(since token: ServerChangeToken?) throws(CloudError) -> DatabaseChangesPage {
        let loseResponse = try beginRequest(.fetchDatabaseChanges)
        // The public database has no database change feed.
        // https://developer.apple.com/documentation/cloudkit/ckfetchdatabasechangesoperation
        guard requestScope != .public else { throw .invalidArguments("the public database has no database change feed") }
        if let acting, acting.scope == .shared {
            let page = try sharedDatabaseChanges(of: acting.name, since: token)
            if loseResponse { throw .networkFailure }
            return page
        }
        var after: UInt64 = 0
        if let token {
            guard let read = SimulatorToken(token, kind: .database) ?? seededToken(token, kind: .database) else {
                throw .invalidArguments("the token is not a database change token")
            }
            guard read.epoch == databaseEpoch, read.sequence <= databaseSequence else { throw .changeTokenExpired(nil) }
            after = read.sequence
        }
        var changed: [RecordZoneID] = [], deleted: [ZoneDeletion] = []
        var through = after, moreComing = false
        var index = databaseLog.partitioningIndex { $0.sequence > after }
        while index < databaseLog.count {
            let entry = databaseLog[index]
            index += 1
            guard let state = zoneFeed[entry.zoneID], state.sequence == entry.sequence else { continue }
            // A user's private database lists only the zones the user owns.
            if let acting, entry.zoneID.ownerName != acting.name { continue }
            // From no token, zones deleted before are not news.
            if state.deletion != nil && token == nil { continue }
            if changed.count + deleted.count == changesPageSize {
                moreComing = true
                break
            }
            if let reason = state.deletion {
                deleted.append(ZoneDeletion(zoneID: entry.zoneID, reason: reason))
            } else {
                changed.append(entry.zoneID)
            }
            through = entry.sequence
        }
        if !moreComing { through = databaseSequence }
        let pageToken = SimulatorToken(kind: .database, epoch: databaseEpoch, sequence: through).token
        if loseResponse { throw .networkFailure }
        return DatabaseChangesPage(changedZones: changed, deletedZones: deleted, token: pageToken, moreComing: moreComing)
    }

    /// Expires the change tokens of a zone (nil: of every zone and of the database): fetching from an old token
    /// fails with `changeTokenExpired`. https://developer.apple.com/documentation/cloudkit/ckerror/code/changetokenexpired
    public func serverExpireChangeTokens(inZone zoneID: RecordZoneID? = nil) {
        if let zoneID {
            if zones[zoneID] != nil { zones[zoneID]?.epoch = takeEpoch() }
            return
        }
        for id in zones.keys.sorted() { zones[id]?.epoch = takeEpoch() }
        databaseEpoch = takeEpoch()
    }

    /// Records a change of a custom zone in the database change feed (the default zone has no feed).
    func noteZoneChange(_ zoneID: RecordZoneID, deletion: ZoneDeletionReason?) {
        guard zoneID != .default, scope != .public else { return }
        databaseSequence += 1
        databaseLog.append((databaseSequence, zoneID))
        zoneFeed[zoneID] = (databaseSequence, deletion)
        // The zone changed in the shared database of everyone who accepted a share of it (its deletion reaches
        // them when its shares go, in dropShares(inZone:)).
        if deletion == nil { noteSharedZoneChange(zoneID) }
    }
}

extension Array {
    /// The index of the first element matching `predicate`, for a predicate false then true along the array.
    fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
