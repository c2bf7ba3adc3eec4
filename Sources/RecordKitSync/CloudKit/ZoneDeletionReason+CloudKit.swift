#if canImport(CloudKit)
import CloudKit

extension ZoneDeletionReason {
    /// Why CloudKit deleted a zone: its `reason` where the OS has it, else `purged` or `deleted`.
    init(_ deletion: CKDatabase.DatabaseChange.Deletion) {
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
            // Compared, not switched over: the framework's enum may grow cases.
            if deletion.reason == .purged {
                self = .purged
            } else if deletion.reason == .encryptedDataReset {
                self = .encryptedDataReset
            } else {
                self = .deleted
            }
        } else {
            self = deletion.purged ? .purged : .deleted
        }
    }
}
#endif
