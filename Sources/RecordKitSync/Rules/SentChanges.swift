import RecordKit
import RecordKitStore

extension SyncEvent {
    /// The event for changes the server accepted, saves and deletes apart; nil when there are none.
    static func sent(_ changes: [SentChange]) -> SyncEvent? {
        var saved: [RecordID] = [], deleted: [RecordID] = []
        for change in changes {
            switch change {
            case let .saved(record, _): saved.append(record.id)
            case let .deleted(id, _): deleted.append(id)
            }
        }
        return saved.isEmpty && deleted.isEmpty ? nil : .sent(saved: saved, deleted: deleted)
    }
}

extension ConflictSettlement {
    /// The events both engines report for settled conflicts: what storing the server records did beyond merging,
    /// then a merge for every record that met a conflict.
    func events(for serverRecords: [Record]) -> [SyncEvent] {
        report.eventsBeyondMerges + serverRecords.map { .conflictMerged($0.id) }
    }
}
