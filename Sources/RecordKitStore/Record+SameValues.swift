import RecordKit

extension RecordKit.Record {
    /// Whether this record holds what `server` holds: the same fields, plain and encrypted, and the same parent
    /// (the one system field an app sets). Conflict settlement uses it to tell a merge that leaves the server's
    /// record as it is (a retry of a save whose response was lost), which is marked sent instead of saved again.
    func holdsTheSameValues(as server: RecordKit.Record) -> Bool {
        fields == server.fields && encryptedFields == server.encryptedFields && system.parent == server.system.parent
    }
}
