import RecordKit

/// The merge used when no model can: per field, a value changed locally (against the ancestor) keeps the local
/// value, anything else takes the server's. The result carries the server's system fields, except the parent,
/// which merges like a field.
enum FieldwiseMerge {
    static func merge(ancestor: Record?, client: Record, server: Record) -> Record {
        var merged = server
        merged.fields = mergeStore(ancestor?.fields, client.fields, server.fields)
        merged.encryptedFields = mergeStore(ancestor?.encryptedFields, client.encryptedFields, server.encryptedFields)
        merged.system.parent = parent(ancestor: ancestor, client: client, server: server)
        return merged
    }

    /// The merged parent (`CKRecord.parent`, the one system field an app sets): the client's when it differs
    /// from the ancestor's (any parent the client holds, with no ancestor), else the server's.
    private static func parent(ancestor: Record?, client: Record, server: Record) -> Reference? {
        client.system.parent != ancestor?.system.parent ? client.system.parent : server.system.parent
    }

    private static func mergeStore(_ ancestor: RecordFields?, _ client: RecordFields, _ server: RecordFields) -> RecordFields {
        var merged = server
        let keys = Set(client.keys).union(ancestor?.keys ?? [])
        for key in keys.sorted() where client[key] != ancestor?[key] {
            if let value = client[key] {
                merged.set(value, forKey: key)
            } else {
                _ = merged.removeValue(forKey: key)
            }
        }
        return merged
    }
}
