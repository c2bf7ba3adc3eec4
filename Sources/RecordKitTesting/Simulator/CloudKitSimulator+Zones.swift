import RecordKit
import RecordKitSync

extension CloudKitSimulator {
    public func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        try saveZonesNow(zoneIDs)
    }

    func saveZonesNow(_ zoneIDs: [RecordZoneID]) throws(CloudError) -> [Result<RecordZone, CloudError>] {
        let loseResponse = try beginRequest(.saveZones)
        let results = zoneIDs.map { createZone($0, byOwner: false) }
        if loseResponse { throw .networkFailure }
        return results
    }

    public func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        try deleteZones(zoneIDs, from: nil)
    }

    /// Deletes zones for a device: every other device subscribed to them gets a push.
    public func deleteZones(_ zoneIDs: [RecordZoneID], from device: String?) throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        let loseResponse = try beginRequest(.deleteZones)
        let results = zoneIDs.map { removeZone($0, reason: .deleted) }
        queueZoneDeletionPushes(for: results.compactMap { try? $0.get() }, origin: device)
        if loseResponse { throw .networkFailure }
        return results
    }

    // MARK: Server-side actions

    /// Creates a zone as its owner would, also in the shared database (where only owners create zones).
    @discardableResult
    public func serverCreateZone(_ zoneID: RecordZoneID) -> Result<RecordZone, CloudError> {
        createZone(zoneID, byOwner: true)
    }

    /// The user deletes the app's data in Settings: the zone and its records are gone, the database feed reports
    /// it purged, and requests on it fail with `userDeletedZone` until the app creates it again.
    /// https://developer.apple.com/documentation/cloudkit/ckerror/code/userdeletedzone
    public func serverUserDeletesZone(_ zoneID: RecordZoneID) {
        if case .success = removeZone(zoneID, reason: .purged) {
            goneZones[zoneID] = .purged
            queueZoneDeletionPushes(for: [zoneID], origin: nil)
        }
    }

    /// The user resets their encrypted data during account recovery: every custom zone is deleted, the database
    /// feed reports `encryptedDataReset`, and requests on those zones fail with `encryptedDataReset` (CloudKit's
    /// zoneNotFound with CKErrorUserDidResetEncryptedDataKey) until the app creates them again.
    /// https://developer.apple.com/documentation/cloudkit/ckerroruserdidresetencrypteddatakey
    /// https://developer.apple.com/documentation/cloudkit/ckfetchdatabasechangesoperation/recordzonewithidwasdeletedduetouserencrypteddatareset
    public func serverResetEncryptedData() {
        for zoneID in zones.keys.sorted() where zoneID != .default {
            if case .success = removeZone(zoneID, reason: .encryptedDataReset) {
                goneZones[zoneID] = .encryptedDataReset
                queueZoneDeletionPushes(for: [zoneID], origin: nil)
            }
        }
    }

    // MARK: Rules

    /// The zone a request may use, or the error CloudKit gives for it.
    func usableZone(_ zoneID: RecordZoneID) -> Result<SimulatedZone, CloudError> {
        switch goneZones[zoneID] {
        case .purged?: return .failure(.userDeletedZone(zoneID))
        case .encryptedDataReset?: return .failure(.encryptedDataReset(zoneID))
        case .deleted?, nil: break
        }
        // https://developer.apple.com/documentation/cloudkit/ckerror/code/zonenotfound
        guard let zone = zones[zoneID], actingUserReaches(zoneID) else { return .failure(.zoneNotFound(zoneID)) }
        return .success(zone)
    }

    private func createZone(_ zoneID: RecordZoneID, byOwner: Bool) -> Result<RecordZone, CloudError> {
        // The public database holds only the default zone:
        // https://developer.apple.com/documentation/cloudkit/ckrecordzone
        if requestScope == .public { return .failure(.invalidArguments("the public database has no custom zones (zone \(zoneID))")) }
        // Zones of the shared database are created by their owners, in their own private databases:
        // https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared
        if requestScope == .shared && !byOwner {
            return .failure(.invalidArguments("zones of the shared database are created by their owners (zone \(zoneID))"))
        }
        if zoneID.zoneName == RecordZoneID.defaultZoneName {
            return .failure(.invalidArguments("the default zone cannot be created"))
        }
        if let acting, acting.name != zoneID.ownerName {
            return .failure(.permissionFailure("user \(acting.name) cannot create zone \(zoneID), which another user owns"))
        }
        if let existing = zones[zoneID] { return .success(existing.zone) }
        // Custom zones of the private database support change feeds, atomic saves and sharing:
        // https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities
        let zone = RecordZone(id: zoneID, capabilities: [.fetchChanges, .atomic, .sharing])
        zones[zoneID] = SimulatedZone(zone: zone, epoch: takeEpoch())
        goneZones[zoneID] = nil
        noteZoneChange(zoneID, deletion: nil)
        return .success(zone)
    }

    private func removeZone(_ zoneID: RecordZoneID, reason: ZoneDeletionReason) -> Result<RecordZoneID, CloudError> {
        if zoneID.zoneName == RecordZoneID.defaultZoneName {
            return .failure(.invalidArguments("the default zone cannot be deleted"))
        }
        if case let .failure(error) = usableZone(zoneID) { return .failure(error) }
        // "Deleting a record zone is a permanent action that deletes every record in that zone":
        // https://developer.apple.com/documentation/cloudkit/ckdatabase/deleterecordzone(withid:)
        zones[zoneID] = nil
        noteZoneChange(zoneID, deletion: reason)
        dropShares(inZone: zoneID)
        return .success(zoneID)
    }
}
