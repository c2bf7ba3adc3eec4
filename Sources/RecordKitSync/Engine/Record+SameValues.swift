import RecordKit

extension Record {
    /// Whether this record holds what `server` holds: the same fields, plain and encrypted, and the same parent
    /// (the one system field an app sets). Both engines use it to tell a merge that leaves the server's record
    /// as it is (a retry of a save whose response was lost), which is marked sent instead of saved again.
    func holdsTheSameValues(as server: Record) -> Bool {
        fields == server.fields && encryptedFields == server.encryptedFields && system.parent == server.system.parent
    }
}
