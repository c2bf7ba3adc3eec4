import RecordKit
import RecordKitSync

/// How one user's private database names the zones the simulator keeps by owner.
///
/// In CloudKit, the owner addresses their zones with the default owner name (`__defaultOwner__`), while
/// participants see the same zones, in their shared databases, under the owner's user record name.
/// https://developer.apple.com/documentation/cloudkit/ckrecordzone/id/ownername
/// The simulator keeps every user's zones under the owner's name, so a private database view maps the default
/// owner to its user on the way in, and back on the way out; a shared database view needs no mapping.
struct ZoneOwnerMapping: Sendable {
    /// The user whose default-owner zones this maps; nil maps nothing.
    var owner: String?

    static let identity = ZoneOwnerMapping(owner: nil)

    // MARK: Names

    func toServer(_ zoneID: RecordZoneID) -> RecordZoneID {
        guard let owner, zoneID.ownerName == RecordZoneID.defaultOwnerName else { return zoneID }
        return RecordZoneID(zoneName: zoneID.zoneName, ownerName: owner)
    }

    func toClient(_ zoneID: RecordZoneID) -> RecordZoneID {
        guard let owner, zoneID.ownerName == owner else { return zoneID }
        return RecordZoneID(zoneName: zoneID.zoneName, ownerName: RecordZoneID.defaultOwnerName)
    }

    func toServer(_ id: RecordID) -> RecordID { RecordID(recordName: id.recordName, zoneID: toServer(id.zoneID)) }
    func toClient(_ id: RecordID) -> RecordID { RecordID(recordName: id.recordName, zoneID: toClient(id.zoneID)) }

    // MARK: Records

    func toServer(_ record: Record) -> Record { map(record, toServer) }
    func toClient(_ record: Record) -> Record { map(record, toClient) }

    /// The record with its ID, its parent and share references and every reference field renamed.
    private func map(_ record: Record, _ rename: (RecordID) -> RecordID) -> Record {
        guard owner != nil else { return record }
        var mapped = record
        mapped.id = rename(record.id)
        mapped.system.parent = record.system.parent.map { Self.map($0, rename) }
        mapped.system.share = record.system.share.map { Self.map($0, rename) }
        for key in record.fields.keys {
            switch record.fields[key] {
            case let .reference(reference)?: mapped.fields[key] = .reference(Self.map(reference, rename))
            case let .list(.reference(references))?: mapped.fields[key] = .list(.reference(references.map { Self.map($0, rename) }))
            default: break
            }
        }
        return mapped
    }

    private static func map(_ reference: Reference, _ rename: (RecordID) -> RecordID) -> Reference {
        var mapped = reference
        mapped.recordID = rename(reference.recordID)
        return mapped
    }

    // MARK: Requests and answers

    func toServer(_ request: ModifyRecordsRequest) -> ModifyRecordsRequest {
        guard owner != nil else { return request }
        var mapped = request
        mapped.saves = request.saves.map { RecordSave(toServer($0.record), changedKeys: $0.changedKeys) }
        mapped.deletes = request.deletes.map(toServer)
        return mapped
    }

    func toClient(_ result: ModifyRecordsResult) -> ModifyRecordsResult {
        guard owner != nil else { return result }
        return ModifyRecordsResult(
            saves: result.saves.map(toClient),
            deletes: result.deletes.map { RecordDeleteResult(id: toClient($0.id), error: $0.error.map(toClient)) })
    }

    func toClient(_ item: RecordItemResult) -> RecordItemResult {
        guard owner != nil else { return item }
        return RecordItemResult(id: toClient(item.id), result: item.result.map(toClient).mapError(toClient))
    }

    func toClient(_ page: ZoneChangesPage) -> ZoneChangesPage {
        guard owner != nil else { return page }
        return ZoneChangesPage(
            zoneID: toClient(page.zoneID), changed: page.changed.map(toClient),
            deleted: page.deleted.map { RecordDeletion(id: toClient($0.id), recordType: $0.recordType) },
            shares: page.shares.map(toClient), token: page.token, moreComing: page.moreComing)
    }

    func toClient(_ page: DatabaseChangesPage) -> DatabaseChangesPage {
        guard owner != nil else { return page }
        return DatabaseChangesPage(
            changedZones: page.changedZones.map(toClient),
            deletedZones: page.deletedZones.map { ZoneDeletion(zoneID: toClient($0.zoneID), reason: $0.reason) },
            token: page.token, moreComing: page.moreComing)
    }

    func toServer(_ share: RecordShare) -> RecordShare { map(share, toServer, toServer) }
    func toClient(_ share: RecordShare) -> RecordShare { map(share, toClient, toClient) }

    private func map(
        _ share: RecordShare, _ renameRecord: (RecordID) -> RecordID, _ renameZone: (RecordZoneID) -> RecordZoneID
    ) -> RecordShare {
        guard owner != nil else { return share }
        var mapped = share
        mapped.id = renameRecord(share.id)
        switch share.scope {
        case let .hierarchy(root): mapped.scope = .hierarchy(root: renameRecord(root))
        case let .zone(zoneID): mapped.scope = .zone(renameZone(zoneID))
        }
        return mapped
    }

    /// The error with every record and zone it names renamed for the client.
    func toClient(_ error: CloudError) -> CloudError {
        guard owner != nil else { return error }
        switch error {
        case let .serverRecordChanged(server, client): return .serverRecordChanged(serverRecord: toClient(server), clientRecord: toClient(client))
        case let .batchRequestFailed(id): return .batchRequestFailed(toClient(id))
        case let .zoneNotFound(zoneID): return .zoneNotFound(toClient(zoneID))
        case let .unknownItem(id): return .unknownItem(toClient(id))
        case let .changeTokenExpired(zoneID): return .changeTokenExpired(zoneID.map(toClient))
        case let .userDeletedZone(zoneID): return .userDeletedZone(toClient(zoneID))
        case let .encryptedDataReset(zoneID): return .encryptedDataReset(toClient(zoneID))
        case let .zoneBusy(zoneID, seconds): return .zoneBusy(zoneID.map(toClient), retryAfter: seconds)
        case let .partialFailure(errors):
            return .partialFailure(Dictionary(uniqueKeysWithValues: errors.map { (toClient($0.key), toClient($0.value)) }))
        default: return error
        }
    }
}
