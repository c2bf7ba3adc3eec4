import RecordKit
import RecordKitStore

extension ZoneResetReason {
    /// Why a zone's local state is reset, from why the database feed says it was deleted.
    init(_ deletion: ZoneDeletionReason) {
        switch deletion {
        case .deleted: self = .deleted
        case .purged: self = .userDeletedZone
        case .encryptedDataReset: self = .encryptedDataReset
        }
    }

    /// Whether the zone is created again after its loss, so that later edits sync: a zone the user deleted, or
    /// that an encrypted data reset took, is still the app's; one another device deleted is not.
    var recreatesZone: Bool {
        self == .userDeletedZone || self == .encryptedDataReset
    }
}

extension SyncConfiguration {
    /// What the store does with a lost zone's local data: a zone another device deleted (or whose token expired
    /// with it) takes its data along; for a zone the user deleted or an encrypted data reset, the app's policy.
    func zoneLossPolicy(for reason: ZoneResetReason) -> ZoneLossPolicy {
        switch reason {
        case .deleted, .changeTokenExpired: .deleteLocalData
        case .userDeletedZone: onUserDeletedZone
        case .encryptedDataReset: onEncryptedDataReset
        }
    }
}

extension AsyncRecordStore {
    /// Applies the zone-loss policy to a zone the server lost: its local data goes, or is queued to be uploaded
    /// again; either way the zone is known not to exist until it is created again.
    func loseZone(_ zoneID: RecordZoneID, policy: ZoneLossPolicy) async throws(RecordStoreError) {
        switch policy {
        case .deleteLocalData: try await forgetZone(zoneID, keepingLocalChanges: false)
        case .uploadAgain: try await requeueZone(zoneID)
        }
        try await setZone(zoneID, exists: false)
    }
}
