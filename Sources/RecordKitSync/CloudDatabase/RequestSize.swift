import RecordKit

/// How many bytes a record or a request counts against CloudKit's 2 MB request limit: the record's native
/// archive (assets count by their reference, not their contents, as CloudKit does not count asset sizes).
public enum RequestSize {
    /// The bytes a saved record counts.
    public static func bytes(of record: Record) -> Int {
        NativeArchive.encode(record).count
    }

    /// The bytes a deleted record ID counts.
    public static func bytes(of id: RecordID) -> Int {
        id.recordName.utf8.count + id.zoneID.zoneName.utf8.count + id.zoneID.ownerName.utf8.count
    }

    /// The bytes a whole request counts.
    public static func bytes(of request: ModifyRecordsRequest) -> Int {
        request.saves.reduce(0) { $0 + bytes(of: $1.record) } + request.deletes.reduce(0) { $0 + bytes(of: $1) }
    }
}
