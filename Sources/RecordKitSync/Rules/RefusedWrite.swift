import RecordKit
import RecordKitStore

extension CloudError {
    /// Whether the server refused a change because the user may not make it: a read-only participant's save or
    /// delete in a shared zone (`CKError.permissionFailure`, Web Services ACCESS_DENIED). Sending it again cannot
    /// succeed, so it is rolled back, not retried (``AsyncRecordStore/rollBackRefusedWrite(_:generation:error:)``).
    /// https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission/readonly
    /// https://developer.apple.com/documentation/cloudkit/ckerror/code/permissionfailure
    var refusesWriteForGood: Bool {
        if case .permissionFailure = self { return true }
        return false
    }
}

extension AsyncRecordStore {
    /// The permission rule both engines follow for one change refused with ``CloudError/refusesWriteForGood``:
    /// the local change is rolled back (the server's copy restored, a never-saved record removed, a deleted record
    /// restored) and dropped from the pending queue, in one transaction, so it is never sent again; an edit the
    /// app made after the one sent stays pending. Returns the event that reports it, naming the record.
    func rollBackRefusedWrite(_ id: RecordID, generation: Int64, error: CloudError) async throws(RecordStoreError) -> SyncEvent {
        let rollback = try await rollBackRefusedChange(id, generation: generation)
        return .writeRefused(id, rollback, error)
    }
}
