/// How the server treats a saved record that it already holds (CKModifyRecordsOperation.RecordSavePolicy).
///
/// Every policy writes only the save's keys over the server's record (``RecordSave/changedKeys``, else every key
/// the saved record holds): "any previously committed server values for keys that were not locally edited are
/// left unchanged", and a field is removed only when the save lists its key without a value. The policies differ
/// only in the change-tag check.
/// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy
public enum SavePolicy: String, Sendable, Hashable, CaseIterable {
    /// Save only if the client's change tag equals the server's; otherwise fail with
    /// ``CloudError/serverRecordChanged(serverRecord:clientRecord:)`` carrying the server's record. A record
    /// without a change tag is a creation, and fails the same way if the server already holds one.
    case ifServerRecordUnchanged
    /// Save whatever the server's change tag, writing the save's keys (CloudKit sends the `CKRecord`'s
    /// `changedKeys()`).
    case changedKeys
    /// Save whatever the server's change tag, writing the save's keys (CloudKit sends every key the `CKRecord`
    /// holds: for a save with ``RecordSave/changedKeys``, the listed ones).
    case allKeys
}
