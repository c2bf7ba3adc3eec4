import RecordKit

extension ZoneChangesPage {
    /// The page's deletions split into records and shares: a share's deletion has the record type
    /// `RecordShare.recordType` (CloudKit reports a deleted `CKShare` in the zone's feed like a record's), and the
    /// store removes it from its shares, never from its records.
    var deletedRecordsAndShares: (records: [RecordID], shares: [RecordID]) {
        var records: [RecordID] = []
        var shares: [RecordID] = []
        for deletion in deleted {
            if deletion.recordType == RecordShare.recordType { shares.append(deletion.id) } else { records.append(deletion.id) }
        }
        return (records, shares)
    }
}
