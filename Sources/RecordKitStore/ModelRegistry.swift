import RecordKit

/// The merge functions and conflict rules of the model types the store was given, by record type.
struct ModelRegistry: Sendable {
    /// A model's three-way merge over records: decode the three copies, merge, encode.
    typealias Merge = @Sendable (_ ancestor: Record?, _ client: Record, _ server: Record) throws(RecordDecodingError) -> Record

    private let merges: [String: Merge]
    private let deleteConflicts: [String: DeleteConflictRule]

    init(_ models: [any RecordModel.Type]) {
        var merges: [String: Merge] = [:]
        var deleteConflicts: [String: DeleteConflictRule] = [:]
        for model in models {
            merges[model.recordType] = Self.merge(of: model)
            deleteConflicts[model.recordType] = model.deleteConflict
        }
        self.merges = merges
        self.deleteConflicts = deleteConflicts
    }

    /// The merge of the model registered for `recordType`, if any.
    func merge(for recordType: String) -> Merge? { merges[recordType] }

    /// What wins when a pending save of `recordType` meets a deletion on the server (`editWins` for a type no
    /// model was registered for).
    func deleteConflict(for recordType: String) -> DeleteConflictRule { deleteConflicts[recordType] ?? .editWins }

    private static func merge<Model: RecordModel>(of _: Model.Type) -> Merge {
        { (ancestor: Record?, client: Record, server: Record) throws(RecordDecodingError) -> Record in
            // An ancestor the model cannot read merges as "no ancestor": both sides' changes count as changes.
            let base = ancestor.flatMap { try? readForMerge(Model.self, $0) }
            let merged = Model.merge(
                ancestor: base, client: try readForMerge(Model.self, client), server: try readForMerge(Model.self, server))
            return merged.record()
        }
    }

    /// Reads a record for a merge, also one written by a newer app version that the model refuses
    /// (`onNewerVersion="reject"`): last-writer-wins holds across versions, so the merge reads the clock and the
    /// fields the model knows, keeps the others as unknown fields, and writes the newer version back. The
    /// refusal stands for the app's reads; only the merge reads through it.
    static func readForMerge<Model: RecordModel>(_: Model.Type, _ record: Record) throws(RecordDecodingError) -> Model {
        do {
            return try Model(record: record)
        } catch let .newerVersion(_, _, versionField, found, supported) {
            var readable = record
            readable[versionField] = .int64(Int64(supported))
            var model = try Model(record: readable)
            model.metadata.decodedVersion = found
            return model
        }
    }
}
