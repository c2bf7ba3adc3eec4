import RecordKit

/// The merge and decode functions of the model types the store was given, by record type.
struct ModelRegistry: Sendable {
    /// A model's three-way merge over records: decode the three copies, merge, encode.
    typealias Merge = @Sendable (_ ancestor: Record?, _ client: Record, _ server: Record) throws(RecordDecodingError) -> Record

    private let merges: [String: Merge]

    init(_ models: [any RecordModel.Type]) {
        var merges: [String: Merge] = [:]
        for model in models {
            merges[model.recordType] = Self.merge(of: model)
        }
        self.merges = merges
    }

    /// The merge of the model registered for `recordType`, if any.
    func merge(for recordType: String) -> Merge? { merges[recordType] }

    private static func merge<Model: RecordModel>(of _: Model.Type) -> Merge {
        { (ancestor: Record?, client: Record, server: Record) throws(RecordDecodingError) -> Record in
            // An ancestor the model cannot read merges as "no ancestor": both sides' changes count as changes.
            let base = ancestor.flatMap { try? Model(record: $0) }
            let merged = Model.merge(ancestor: base, client: try Model(record: client), server: try Model(record: server))
            return merged.record()
        }
    }
}

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
