/// A link from one record to another, with what the server does when the target is deleted.
public struct Reference: Sendable, Hashable {
    /// What CloudKit does with the referring record when the referenced one goes away.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        /// Nothing: the reference dangles.
        case none
        /// The referring record is deleted with its target.
        case deleteSelf
        /// The server refuses to save the referring record unless the target exists
        /// (Web Services' `VALIDATE`).
        case validate
    }

    /// The referenced record.
    public var recordID: RecordID
    /// The delete action.
    public var action: Action

    /// Creates a reference to a record.
    public init(recordID: RecordID, action: Action = .none) {
        self.recordID = recordID
        self.action = action
    }
}
