import RecordKitStore

extension ApplyReport {
    /// The events both engines report for what applying server records did beyond storing them: records read
    /// without their model, records skipped, local records displaced by another type, edits a deletion
    /// discarded. Merges are left out: each engine reports its own.
    var eventsBeyondMerges: [SyncEvent] {
        (mergedWithoutModel + unmerged).map(SyncEvent.undecodable)
            + skipped.map { .skipped($0.id, $0.error) }
            + displaced.map(SyncEvent.displaced)
            + discardedEdits.map(SyncEvent.editDiscarded)
    }
}
