import RecordKit
import RecordKitSync

/// One zone of the simulated server: its records, the tombstones of deleted ones and its change log.
///
/// Every change appends (sequence, record ID) to the log; an entry is live while it is the record's latest change,
/// so a fetch walks the log from the token's sequence and skips superseded entries. The zone's shares are in the
/// same log, as CloudKit keeps its `cloudkit.share` records in their zone (https://developer.apple.com/documentation/cloudkit/ckshare),
/// but stored apart from the records: a share is never answered as a record.
struct SimulatedZone {
    struct Stored { var record: Record; var sequence: UInt64 }
    struct StoredShare { var share: RecordShare; var sequence: UInt64 }
    struct Tombstone { var recordType: String; var sequence: UInt64 }

    var zone: RecordZone
    /// The incarnation of this zone's change feed: tokens of another epoch are expired.
    var epoch: UInt64
    private(set) var sequence: UInt64 = 0
    private(set) var records: [RecordID: Stored] = [:]
    private(set) var tombstones: [RecordID: Tombstone] = [:]
    /// The zone's shares as its feed reports them (the simulator's ``SharingState`` holds the same shares).
    private(set) var shares: [RecordID: StoredShare] = [:]
    private var log: [(sequence: UInt64, id: RecordID)] = []

    init(zone: RecordZone, epoch: UInt64) {
        self.zone = zone
        self.epoch = epoch
    }

    subscript(id: RecordID) -> Record? { records[id]?.record }

    mutating func put(_ record: Record) {
        sequence += 1
        records[record.id] = Stored(record: record, sequence: sequence)
        tombstones[record.id] = nil
        log.append((sequence, record.id))
    }

    /// Logs a record again, unchanged, so that feeds read after this point report it: a participant whose access
    /// to it changed learns so (the record appears, or, no longer covered, is reported deleted).
    mutating func touch(_ id: RecordID) {
        guard let record = records[id]?.record else { return }
        put(record)
    }

    /// Saves a share, or records a change to it, in the zone's feed.
    mutating func putShare(_ share: RecordShare) {
        sequence += 1
        shares[share.id] = StoredShare(share: share, sequence: sequence)
        tombstones[share.id] = nil
        log.append((sequence, share.id))
    }

    /// Removes a share: the feed reports a deletion of record type ``RecordShare/recordType``.
    mutating func removeShare(_ id: RecordID) {
        guard shares.removeValue(forKey: id) != nil else { return }
        sequence += 1
        tombstones[id] = Tombstone(recordType: RecordShare.recordType, sequence: sequence)
        log.append((sequence, id))
    }

    /// Removes a record; false when there was none.
    mutating func remove(_ id: RecordID) -> Bool {
        guard let old = records.removeValue(forKey: id) else { return false }
        sequence += 1
        tombstones[id] = Tombstone(recordType: old.record.recordType, sequence: sequence)
        log.append((sequence, id))
        return true
    }

    /// Up to `limit` live changes after `after` (nil: every current record, no deletions), the sequence to put in
    /// the page's token, and whether more live changes follow. Changes after `visibleThrough` are not visible yet:
    /// the page stops before them and its token does not pass them.
    func changes(
        after: UInt64?, limit: Int, visibleThrough: UInt64? = nil
    ) -> ZoneChanges {
        let start = after ?? 0
        var index = firstLogIndex(after: start)
        var changed: [Record] = [], shares: [RecordShare] = [], deleted: [RecordDeletion] = []
        var through = start
        while index < log.count {
            let entry = log[index]
            if let visibleThrough, entry.sequence > visibleThrough {
                return ZoneChanges(changed: changed, shares: shares, deleted: deleted, through: max(start, visibleThrough), moreComing: false)
            }
            index += 1
            guard let item = liveItem(entry, includeDeletions: after != nil) else { continue }
            if changed.count + shares.count + deleted.count == limit {
                return ZoneChanges(changed: changed, shares: shares, deleted: deleted, through: through, moreComing: true)
            }
            switch item {
            case let .changed(record): changed.append(record)
            case let .share(share): shares.append(share)
            case let .deleted(deletion): deleted.append(deletion)
            }
            through = entry.sequence
        }
        return ZoneChanges(changed: changed, shares: shares, deleted: deleted, through: sequence, moreComing: false)
    }

    /// What a page of the zone's feed holds, before the rules of the user reading it.
    struct ZoneChanges {
        var changed: [Record]
        var shares: [RecordShare]
        var deleted: [RecordDeletion]
        /// The sequence the page's token stands for.
        var through: UInt64
        var moreComing: Bool
    }

    private enum Item { case changed(Record), share(RecordShare), deleted(RecordDeletion) }

    private func liveItem(_ entry: (sequence: UInt64, id: RecordID), includeDeletions: Bool) -> Item? {
        if let stored = records[entry.id], stored.sequence == entry.sequence { return .changed(stored.record) }
        if let stored = shares[entry.id], stored.sequence == entry.sequence { return .share(stored.share) }
        if includeDeletions, let tombstone = tombstones[entry.id], tombstone.sequence == entry.sequence {
            return .deleted(RecordDeletion(id: entry.id, recordType: tombstone.recordType))
        }
        return nil
    }

    private func firstLogIndex(after sequence: UInt64) -> Int {
        var low = 0, high = log.count
        while low < high {
            let middle = (low + high) / 2
            if log[middle].sequence <= sequence { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
