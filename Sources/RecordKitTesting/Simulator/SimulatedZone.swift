import RecordKit
import RecordKitSync

/// One zone of the simulated server: its records, the tombstones of deleted ones and its change log.
///
/// Every change appends (sequence, record ID) to the log; an entry is live while it is the record's latest change,
/// so a fetch walks the log from the token's sequence and skips superseded entries.
struct SimulatedZone {
    struct Stored { var record: Record; var sequence: UInt64 }
    struct Tombstone { var recordType: String; var sequence: UInt64 }

    var zone: RecordZone
    /// The incarnation of this zone's change feed: tokens of another epoch are expired.
    var epoch: UInt64
    private(set) var sequence: UInt64 = 0
    private(set) var records: [RecordID: Stored] = [:]
    private(set) var tombstones: [RecordID: Tombstone] = [:]
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
    ) -> (changed: [Record], deleted: [RecordDeletion], through: UInt64, moreComing: Bool) {
        let start = after ?? 0
        var index = firstLogIndex(after: start)
        var changed: [Record] = [], deleted: [RecordDeletion] = []
        var through = start
        while index < log.count {
            let entry = log[index]
            if let visibleThrough, entry.sequence > visibleThrough {
                return (changed, deleted, max(start, visibleThrough), false)
            }
            index += 1
            guard let item = liveItem(entry, includeDeletions: after != nil) else { continue }
            if changed.count + deleted.count == limit {
                return (changed, deleted, through, true)
            }
            switch item {
            case let .changed(record): changed.append(record)
            case let .deleted(deletion): deleted.append(deletion)
            }
            through = entry.sequence
        }
        return (changed, deleted, sequence, false)
    }

    private enum Item { case changed(Record), deleted(RecordDeletion) }

    private func liveItem(_ entry: (sequence: UInt64, id: RecordID), includeDeletions: Bool) -> Item? {
        if let stored = records[entry.id], stored.sequence == entry.sequence { return .changed(stored.record) }
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
