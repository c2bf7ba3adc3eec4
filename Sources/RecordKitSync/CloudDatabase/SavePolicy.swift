/// How the server treats a saved record that it already holds (CKModifyRecordsOperation.RecordSavePolicy).
public enum SavePolicy: String, Sendable, Hashable, CaseIterable {
    /// Save only if the client's change tag equals the server's; otherwise fail with
    /// ``CloudError/serverRecordChanged(serverRecord:clientRecord:)`` carrying the server's record. A record
    /// without a change tag is a creation, and fails the same way if the server already holds one.
    case ifServerRecordUnchanged
    /// Write only the keys the client changed into the server's record, whatever its change tag.
    case changedKeys
    /// Replace the server's record with the client's, whatever its change tag.
    case allKeys
}
