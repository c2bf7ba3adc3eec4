/// What rolling back a refused change did to the local record (``RecordStore/rollBackRefusedChange(_:generation:)``).
public enum WriteRollback: String, Sendable, Hashable {
    /// The server's copy is the local value again: an edit undone, or a local deletion restored.
    case restoredServerCopy
    /// The record was never saved on the server: it is removed locally.
    case removedUnsavedRecord
    /// The app edited the record again after the refused change was sent: that edit stays pending (it is sent,
    /// and refused and rolled back in its turn if the user still may not write).
    case keptLaterEdit
    /// The store holds no pending change of the record any more: nothing to roll back.
    case nothingPending
}
