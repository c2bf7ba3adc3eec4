import RecordKit
import RecordKitSync

extension CloudKitSimulator {
    /// Puts records on the server as another server last returned them, change tags and all, in a custom zone of
    /// this database (created when missing), with no request counted and no fault drawn: the state a test starts
    /// from when an app moves in with records it already synced elsewhere (a Core Data mirror store, say).
    ///
    /// `zoneToken` and `databaseToken`, tokens the other server issued for exactly this state, are then accepted
    /// by `fetchZoneChanges` and `fetchDatabaseChanges` as standing for this point of the feeds: a fetch from them
    /// returns only what changed after the seeding.
    public func seed(
        _ records: [Record], inZone zoneID: RecordZoneID, zoneToken: ServerChangeToken?, databaseToken: ServerChangeToken?
    ) throws(CloudError) {
        guard zoneID.zoneName != RecordZoneID.defaultZoneName, scope == .private else {
            throw .invalidArguments("seeding needs a custom zone of the private database (zone \(zoneID))")
        }
        if zones[zoneID] == nil {
            // As createZone makes them: https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities
            zones[zoneID] = SimulatedZone(zone: RecordZone(id: zoneID, capabilities: [.fetchChanges, .atomic, .sharing]), epoch: takeEpoch())
            goneZones[zoneID] = nil
            noteZoneChange(zoneID, deletion: nil)
        }
        for record in records {
            guard record.id.zoneID == zoneID else {
                throw .invalidArguments("record \(record.id) is not in zone \(zoneID)")
            }
            zones[zoneID]?.put(record)
        }
        if let zoneToken, let zone = zones[zoneID] {
            seededTokens[zoneToken] = SimulatorToken(kind: .zone, epoch: zone.epoch, sequence: zone.sequence)
        }
        if let databaseToken {
            seededTokens[databaseToken] = SimulatorToken(kind: .database, epoch: databaseEpoch, sequence: databaseSequence)
        }
    }

    /// The point of a feed a seeded token stands for, if it is one of `kind`.
    func seededToken(_ token: ServerChangeToken, kind: SimulatorToken.Kind) -> SimulatorToken? {
        guard let seeded = seededTokens[token], seeded.kind == kind else { return nil }
        return seeded
    }
}
