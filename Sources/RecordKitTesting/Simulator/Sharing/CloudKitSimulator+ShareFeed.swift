import RecordKit
import RecordKitSync

/// Shares in the zone change feeds, as CloudKit reports its `cloudkit.share` records: the owner's private zone
/// feed carries every share of the zone when it is saved or changes, and a deletion of record type
/// ``RecordShare/recordType`` when it is deleted; a participant's shared zone feed does the same for the shares
/// they accepted. "CKShare … is a subclass of CKRecord": a share is a record of its zone, of type
/// `cloudkit.share`. https://developer.apple.com/documentation/cloudkit/ckshare
/// https://developer.apple.com/documentation/cloudkit/ckrecord/share
extension CloudKitSimulator {
    /// Stores a share (nil: removes it) in the sharing state and in its zone's feed, and notes the zone changed
    /// in the owner's database feed (and so in the participants' shared database feeds).
    func storeShare(_ share: RecordShare?, id: RecordID) {
        sharing.shares[id] = share
        if let share {
            zones[id.zoneID]?.putShare(share)
        } else {
            zones[id.zoneID]?.removeShare(id)
        }
        guard zones[id.zoneID] != nil else { return }
        noteZoneChange(id.zoneID, deletion: nil)
        queueZoneChangePushes(for: id.zoneID)
    }

    /// The page of a zone's feed as the acting user may read it.
    ///
    /// The owner (or the simulator's single user) reads every record and share. A participant reads the records
    /// and shares their accepted shares cover; a record or share they were served and no longer may read (its
    /// share lost, or moved out of the shared hierarchy) is reported deleted, as it is gone from their view of the
    /// zone while the zone stays. Deletions are not filtered: a deletion of something never held is harmless.
    func pageForActingUser(_ changes: SimulatedZone.ZoneChanges, fromStart: Bool) -> (records: [Record], shares: [RecordShare], deleted: [RecordDeletion]) {
        guard let acting, acting.scope == .shared else { return (changes.changed, changes.shares, changes.deleted) }
        let served = sharing.served[acting.name] ?? []
        var records: [Record] = [], shares: [RecordShare] = [], deleted = changes.deleted
        for record in changes.changed {
            if isVisible(record) {
                records.append(record)
            } else if !fromStart && served.contains(record.id) {
                deleted.append(RecordDeletion(id: record.id, recordType: record.recordType))
            }
        }
        for share in changes.shares {
            if canRead(share, acting) {
                shares.append(share)
            } else if !fromStart && served.contains(share.id) {
                deleted.append(RecordDeletion(id: share.id, recordType: RecordShare.recordType))
            }
        }
        sharing.served[acting.name, default: []].formUnion(records.map(\.id) + shares.map(\.id))
        return (records, shares, deleted)
    }

    /// Notes what the acting participant was served by a record fetch, so that losing it later is reported.
    func noteServed(_ ids: [RecordID]) {
        guard let acting, acting.scope == .shared, !ids.isEmpty else { return }
        sharing.served[acting.name, default: []].formUnion(ids)
    }

    /// What each participant who reaches a zone may read of it: record IDs by user, for the zones given.
    func coverage(ofZones zoneIDs: Set<RecordZoneID>) -> [String: Set<RecordID>] {
        var result: [String: Set<RecordID>] = [:]
        for (user, reachable) in sharing.accessMap() {
            for zoneID in reachable.intersection(zoneIDs) {
                for stored in zones[zoneID].map({ Array($0.records.values) }) ?? [] where permission(of: user, for: stored.record, sent: [:]) != nil {
                    result[user, default: []].insert(stored.record.id)
                }
            }
        }
        return result
    }

    /// Logs again every record whose coverage changed for a participant who keeps its zone, and notes the zone in
    /// that participant's shared database feed: a record now covered appears in their zone feed, one no longer
    /// covered is reported deleted (``pageForActingUser(_:fromStart:)``). A participant who gained or lost the whole
    /// zone learns it from their database feed instead.
    ///
    /// A zone regained (lost, then shared again before the participant's devices caught up) is a kept zone whose
    /// past coverage is what the participant was served of it: their database feed coalesces the loss and the gain
    /// into "changed", so their devices fetch the zone from their old token and must find there what they lost
    /// meanwhile and what the new share adds.
    func relogCoverageChanges(before: [String: Set<RecordID>], after: [String: Set<RecordID>]) {
        var touched = Set<RecordID>()
        for user in Set(before.keys).union(after.keys).sorted() {
            let has = after[user] ?? []
            let regained = Set(has.map(\.zoneID)).subtracting((before[user] ?? []).map(\.zoneID))
            let servedThere = (sharing.served[user] ?? []).filter { regained.contains($0.zoneID) }
            let had = (before[user] ?? []).union(servedThere)
            let kept = Set(had.map(\.zoneID)).intersection(has.map(\.zoneID))
            let changed = had.symmetricDifference(has).filter { kept.contains($0.zoneID) }
            touched.formUnion(changed)
            for zoneID in Set(changed.map(\.zoneID)).sorted() { noteSharedFeed(of: user, zoneID, deletion: nil) }
        }
        for id in touched.sorted() { zones[id.zoneID]?.touch(id) }
    }

    /// A share as the record CloudKit keeps for it, for errors that carry a record (`serverRecordChanged`): its ID,
    /// type `cloudkit.share`, system fields, title, public permission, and, for a hierarchy share, its root's
    /// record name under the key RecordKit's bridge writes on the shares it makes (`recordKitRootRecordName`).
    /// Participants are not fields: fetch the share with ``CloudSharing/fetchShare(_:)`` to edit it again.
    static func shareRecord(_ share: RecordShare) -> Record {
        var record = Record(recordType: RecordShare.recordType, id: share.id, system: share.system)
        record["title"] = share.title.map { .string($0) }
        record["publicPermission"] = .string(share.publicPermission.rawValue)
        record["recordKitRootRecordName"] = share.rootRecordID.map { .string($0.recordName) }
        return record
    }
}
