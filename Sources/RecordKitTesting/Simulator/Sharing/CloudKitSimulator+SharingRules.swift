import RecordKit
import RecordKitSync

/// The rules a user's request meets in a simulator of several users: a user's private database holds the zones
/// that user owns; their shared database holds the zones of the shares they accepted, and within a zone only the
/// records those shares cover. With no acting user (the simulator used as one user's database) no rule applies.
extension CloudKitSimulator {
    /// Whether the acting user may reach a zone at all.
    func actingUserReaches(_ zoneID: RecordZoneID) -> Bool {
        guard let acting else { return true }
        switch acting.scope {
        case .shared: return sharing.accessMap()[acting.name]?.contains(zoneID) == true
        default: return zoneID.ownerName == acting.name
        }
    }

    /// Whether the acting user may read `record`: always in their own zones; in the shared database, when a share
    /// they accepted covers it.
    func isVisible(_ record: Record) -> Bool {
        guard let acting, acting.scope == .shared else { return true }
        return permission(of: acting.name, for: record, sent: [:]) != nil
    }

    /// Why the acting user may not save `record` (nil: they may, as far as sharing goes). `sent` holds the
    /// request's other records, whose parents may be new too.
    func sharingRefusal(save record: Record, sent: [RecordID: Record]) -> CloudError? {
        if record.recordType == RecordShare.recordType {
            return .invalidArguments("record \(record.id) is a share: save shares with saveShare(_:rootRecord:)")
        }
        guard let acting, acting.scope == .shared, actingUserReaches(record.id.zoneID) else { return nil }
        // A read-only participant "has read-only permissions for the share": every save fails.
        // https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission/readonly
        // A record the participant saves must lie in what their share covers, before and after the save: in a
        // shared zone, or under the shared root through its parent chain.
        // https://developer.apple.com/documentation/cloudkit/ckrecord/parent
        if let server = zones[record.id.zoneID]?[record.id], permission(of: acting.name, for: server, sent: [:]) != .readWrite {
            return .permissionFailure("user \(acting.name) may not change record \(record.id) of the shared zone")
        }
        if permission(of: acting.name, for: record, sent: sent) != .readWrite {
            return .permissionFailure("user \(acting.name) may not save record \(record.id) there: no share grants them write access")
        }
        return nil
    }

    /// Why the acting user may not delete the record `id` (nil: they may, as far as sharing goes).
    func sharingRefusal(delete id: RecordID) -> CloudError? {
        guard let acting, acting.scope == .shared, let server = zones[id.zoneID]?[id], actingUserReaches(id.zoneID) else { return nil }
        // https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission/readonly
        if permission(of: acting.name, for: server, sent: [:]) != .readWrite {
            return .permissionFailure("user \(acting.name) may not delete record \(id) of the shared zone")
        }
        return nil
    }

    /// The best permission the shares `user` accepted give them on `record`; nil when none covers it.
    ///
    /// A zone share covers every record of the zone; a hierarchy share covers its root and every record whose
    /// parent chain reaches the root, records added later included: "CloudKit shares the hierarchy when a CKShare
    /// includes a referenced record". https://developer.apple.com/documentation/cloudkit/ckrecord/parent
    /// "If any records have a parent reference to this record, CloudKit implicitly shares them along with this
    /// record." https://developer.apple.com/documentation/cloudkit/ckrecord/share
    func permission(of user: String, for record: Record, sent: [RecordID: Record]) -> SharePermission? {
        var best: SharePermission?
        for share in sharing.shares(inZone: record.id.zoneID) {
            guard let participant = share.participant(userRecordName: user), participant.role != .owner,
                participant.acceptanceStatus == .accepted, covers(share, record, sent: sent)
            else { continue }
            if participant.permission == .readWrite { return .readWrite }
            if participant.permission == .readOnly { best = .readOnly }
        }
        return best
    }

    /// Whether `share` covers `record`, following parents through `sent` and the server (a cycle ends the walk).
    func covers(_ share: RecordShare, _ record: Record, sent: [RecordID: Record]) -> Bool {
        guard case let .hierarchy(root) = share.scope else { return share.zoneID == record.id.zoneID }
        var current: Record? = record
        var seen = Set<RecordID>()
        while let at = current, seen.insert(at.id).inserted {
            if at.id == root { return true }
            guard let parent = at.system.parent?.recordID else { return false }
            current = sent[parent] ?? zones[parent.zoneID]?[parent]
        }
        return false
    }

    // MARK: Access changes

    /// Runs `body`, then tells every user whose shared database gained or lost a zone: gained zones appear in
    /// their shared database feed as changed, lost ones as deleted.
    /// "Upon acceptance, CloudKit makes the shared records available in the participant's shared database."
    /// https://developer.apple.com/documentation/cloudkit/ckshare/participant
    ///
    /// A participant who keeps a zone but whose shares now cover other records of it (one of two shares of the zone
    /// lost, or a share gained) finds the difference in their zone feed: ``relogCoverageChanges(before:after:)``.
    func changingAccess<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let before = sharing.accessMap()
        let sharedZones = { Set(self.sharing.shares.values.map(\.zoneID)) }
        let zonesBefore = sharedZones()
        let coverageBefore = coverage(ofZones: zonesBefore)
        let result = try body()
        let after = sharing.accessMap()
        relogCoverageChanges(before: coverageBefore, after: coverage(ofZones: zonesBefore.union(sharedZones())))
        for user in Set(before.keys).union(after.keys).sorted() {
            let had = before[user] ?? [], has = after[user] ?? []
            for zoneID in has.subtracting(had).sorted() { noteSharedFeed(of: user, zoneID, deletion: nil) }
            for zoneID in had.subtracting(has).sorted() {
                noteSharedFeed(of: user, zoneID, deletion: .deleted)
                queueSharedDatabasePush(to: user, zoneID: zoneID, origin: sharing.requestDevice, change: nil)
            }
        }
        return result
    }

    /// The owner deleted a share's root record: the share goes with it, and its participants lose what it covered.
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/share
    func shareRootDeleted(_ id: RecordID) {
        let gone = sharing.shares.values.filter { $0.rootRecordID == id }.map(\.id)
        guard !gone.isEmpty else { return }
        changingAccess { () throws(Never) in for shareID in gone { storeShare(nil, id: shareID) } }
    }

    /// A zone was deleted: its shares go, and every participant's shared database reports the zone deleted.
    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/deleterecordzone(withid:)
    func dropShares(inZone zoneID: RecordZoneID) {
        let gone = sharing.shares(inZone: zoneID).map(\.id)
        guard !gone.isEmpty else { return }
        changingAccess { () throws(Never) in for shareID in gone { sharing.shares[shareID] = nil } }
    }

    /// A shared zone's records changed: the zone is news in each of its participants' shared databases.
    func noteSharedZoneChange(_ zoneID: RecordZoneID) {
        guard !sharing.shares.isEmpty else { return }  // a simulator of one user: nothing to tell anyone
        for user in sharing.participants(inZone: zoneID) { noteSharedFeed(of: user, zoneID, deletion: nil) }
    }

    /// Appends to `user`'s shared database feed, created with a fresh epoch when first needed.
    func noteSharedFeed(of user: String, _ zoneID: RecordZoneID, deletion: ZoneDeletionReason?) {
        ensureSharedFeed(of: user)
        sharing.feeds[user]?.note(zoneID, deletion: deletion)
    }

    /// Creates `user`'s shared database feed, with an epoch of its own, unless it exists.
    func ensureSharedFeed(of user: String) {
        if sharing.feeds[user] == nil { sharing.feeds[user] = SharedDatabaseFeed(epoch: takeEpoch()) }
    }

    /// One page of `user`'s shared database feed since `token`.
    func sharedDatabaseChanges(of user: String, since token: ServerChangeToken?) throws(CloudError) -> DatabaseChangesPage {
        ensureSharedFeed(of: user)
        guard let feed = sharing.feeds[user] else { throw .changeTokenExpired(nil) }
        var after: UInt64?
        if let token {
            guard let read = SimulatorToken(token, kind: .database) else {
                throw .invalidArguments("the token is not a database change token")
            }
            // A token of another feed (a private database's, another user's) is no token of this one.
            // https://developer.apple.com/documentation/cloudkit/ckerror/code/changetokenexpired
            guard read.epoch == feed.epoch, read.sequence <= feed.sequence else { throw .changeTokenExpired(nil) }
            after = read.sequence
        }
        let page = feed.changes(after: after, limit: changesPageSize)
        let pageToken = SimulatorToken(kind: .database, epoch: feed.epoch, sequence: page.through).token
        return DatabaseChangesPage(changedZones: page.changed, deletedZones: page.deleted, token: pageToken, moreComing: page.moreComing)
    }
}
