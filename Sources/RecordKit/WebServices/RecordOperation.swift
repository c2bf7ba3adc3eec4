/// One operation of a records/modify request.
public struct RecordOperation: Sendable, Hashable {
    /// The operation types of records/modify.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Saves a new record; fails if one with the name exists.
        case create
        /// Updates the fields given, if the change tag matches.
        case update
        /// Updates the fields given, whatever the change tag.
        case forceUpdate
        /// Replaces the whole record, if the change tag matches.
        case replace
        /// Replaces the whole record, whatever the change tag.
        case forceReplace
        /// Deletes the record, if the change tag matches.
        case delete
        /// Deletes the record, whatever the change tag.
        case forceDelete

        /// Whether the server checks `recordChangeTag`, so the request must send it.
        public var sendsChangeTag: Bool {
            switch self {
            case .update, .replace, .delete: true
            case .create, .forceUpdate, .forceReplace, .forceDelete: false
            }
        }

        /// Whether the operation deletes, so only the record's ID (and tag) is sent.
        public var isDelete: Bool { self == .delete || self == .forceDelete }
    }

    /// What to do.
    public var kind: Kind
    /// The record to save, or whose ID (and change tag) names the record to delete.
    public var record: Record

    /// An operation on a record.
    public init(_ kind: Kind, record: Record) {
        self.kind = kind
        self.record = record
    }

    /// A delete operation; `changeTag` is checked unless `force` is true.
    public static func delete(_ recordID: RecordID, changeTag: String? = nil, force: Bool = false) -> RecordOperation {
        RecordOperation(force ? .forceDelete : .delete,
                        record: Record(recordType: "", id: recordID, system: SystemFields(changeTag: changeTag)))
    }
}
