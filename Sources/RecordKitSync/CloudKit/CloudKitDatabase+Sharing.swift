#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit

/// Shares in a `CKDatabase`, through the bridge (`RecordShare` <-> `CKShare`).
/// https://developer.apple.com/documentation/cloudkit/ckshare
extension CloudKitDatabase: CloudSharing {
    /// Saves a share and, when given, its root record, in one atomic `modifyRecords` ("When saving a newly created
    /// CKShare, you must save the share and its rootRecord in the same CKModifyRecordsOperation batch").
    ///
    /// A share the server has (one with a change tag) is fetched first and edited on the server's `CKShare`;
    /// participants it does not list are looked up with the ``container`` (by user record name, email address or
    /// phone number). The root record's new system fields are not returned: the store reads them at its next fetch.
    ///
    /// A share whose change tag is not the server's is refused with ``CloudError/serverRecordChanged(serverRecord:clientRecord:)``
    /// naming the share, as a stale record save is: editing the server's `CKShare` would otherwise overwrite what
    /// another device changed since (a participant added or removed) without anyone seeing it.
    /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/ifserverrecordunchanged
    public func saveShare(_ share: RecordShare, rootRecord: Record?) async throws(CloudError) -> RecordShare {
        let serverShare = share.system.changeTag == nil ? nil : try await fetchCKShare(share.id)
        if let serverShare, serverShare.recordChangeTag != share.system.changeTag {
            let server = try Self.share(serverShare, rootRecordID: share.rootRecordID)
            throw .serverRecordChanged(
                serverRecord: Record(recordType: RecordShare.recordType, id: share.id, system: server.system),
                clientRecord: Record(recordType: RecordShare.recordType, id: share.id, system: share.system))
        }
        let lookedUp = try await lookUp(share.participantsToLookUp(in: serverShare), share: share.id)
        let ckRoot: CKRecord?
        let ckShare: CKShare
        do {
            ckRoot = try rootRecord?.ckRecord()
            ckShare = try share.ckShare(rootRecord: ckRoot, serverShare: serverShare, lookedUp: lookedUp)
        } catch {
            throw .invalidArguments(error.description)
        }
        let saves = [ckRoot, ckShare].compactMap { $0 }
        let results = try await modify(saving: saves, deleting: [], subject: share.id)
        // The root's own error says more than the share's batchRequestFailed (and the share's more than the
        // root's batchRequestFailed).
        if let rootRecord, case let .failure(error)? = results.saveResults[CKRecord.ID(rootRecord.id)],
            (error as? CKError)?.code != .batchRequestFailed
        {
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: rootRecord.id, clientRecord: rootRecord))
        }
        switch results.saveResults[CKRecord.ID(share.id)] {
        case let .success(saved)?:
            return try Self.share(saved, rootRecordID: share.rootRecordID)
        case let .failure(error)?:
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: share.id))
        case nil:
            throw .other(code: -1, reason: "CloudKit returned no result for share \(share.id)")
        }
    }

    /// Reads the share with this ID; a hierarchy share's root comes from the field RecordKit writes on the shares
    /// it makes (`RecordShare.rootRecordNameKey`).
    public func fetchShare(_ id: RecordID) async throws(CloudError) -> RecordShare {
        try Self.share(try await fetchCKShare(id), rootRecordID: nil)
    }

    /// Deletes a share: its participants lose access to what it covered; the records stay.
    public func deleteShare(_ id: RecordID) async throws(CloudError) {
        let results = try await modify(saving: [], deleting: [CKRecord.ID(id)], subject: id)
        switch results.deleteResults[CKRecord.ID(id)] {
        case .success?: return
        case let .failure(error)?: throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: id))
        case nil: throw .other(code: -1, reason: "CloudKit returned no result for share \(id)")
        }
    }

    // MARK: Plumbing

    private func fetchCKShare(_ id: RecordID) async throws(CloudError) -> CKShare {
        let results: [CKRecord.ID: Result<CKRecord, any Error>]
        do {
            results = try await database.records(for: [CKRecord.ID(id)])
        } catch {
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: id))
        }
        switch results[CKRecord.ID(id)] {
        case let .success(record)?:
            guard let share = record as? CKShare else { throw .invalidArguments("record \(id) is a \(record.recordType), not a share") }
            return share
        case let .failure(error)?:
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: id))
        case nil:
            throw .unknownItem(id)
        }
    }

    /// The container's participants for these identities.
    private func lookUp(_ identities: [ShareUserIdentity], share: RecordID) async throws(CloudError) -> [CKShare.Participant] {
        guard !identities.isEmpty else { return [] }
        guard let container else {
            throw .invalidArguments("share \(share) adds participants: CloudKitDatabase needs its container to look them up")
        }
        var found: [CKShare.Participant] = []
        for identity in identities {
            do {
                if let name = identity.userRecordName {
                    let zone = CKRecordZone.ID(RecordZoneID())
                    found.append(try await container.shareParticipant(forUserRecordID: CKRecord.ID(recordName: name, zoneID: zone)))
                } else if let email = identity.emailAddress {
                    found.append(try await container.shareParticipant(forEmailAddress: email))
                } else if let phone = identity.phoneNumber {
                    found.append(try await container.shareParticipant(forPhoneNumber: phone))
                } else {
                    throw CloudError.invalidArguments("a participant of share \(share) has no user record name, email address or phone number")
                }
            } catch let error as CloudError {
                throw error
            } catch {
                throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: share))
            }
        }
        return found
    }

    /// One atomic `modifyRecords`; an atomic request that failed reports each item's error in one partialFailure.
    private func modify(
        saving records: [CKRecord], deleting ids: [CKRecord.ID], subject: RecordID
    ) async throws(CloudError) -> (saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]) {
        do {
            return try await database.modifyRecords(saving: records, deleting: ids, savePolicy: .ifServerRecordUnchanged, atomically: true)
        } catch let error as CKError where error.code == .partialFailure {
            var saves: [CKRecord.ID: Result<CKRecord, any Error>] = [:], deletes: [CKRecord.ID: Result<Void, any Error>] = [:]
            for (key, itemError) in error.partialErrorsByItemID ?? [:] {
                guard let id = key.base as? CKRecord.ID else { continue }
                saves[id] = .failure(itemError)
                deletes[id] = .failure(itemError)
            }
            return (saves, deletes)
        } catch {
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: subject))
        }
    }

    private static func share(_ record: CKRecord, rootRecordID: RecordID?) throws(CloudError) -> RecordShare {
        guard let ckShare = record as? CKShare else {
            throw .other(code: -1, reason: "CloudKit answered for share \(record.recordID.recordName) with a \(record.recordType)")
        }
        do {
            return try RecordShare(ckShare: ckShare, rootRecordID: rootRecordID)
        } catch {
            throw .other(code: -1, reason: "share \(ckShare.recordID.recordName) could not be read: \(error)")
        }
    }
}

/// A container's share acceptance (`CKContainer.shareMetadata(for:)`, `CKContainer.accept(_:)`), for the person
/// invited: after acceptance the shared zone appears in their shared database (`sharedCloudDatabase`).
/// https://developer.apple.com/documentation/cloudkit/ckacceptsharesoperation
public struct CloudKitContainer: ShareAccepting {
    /// The container.
    public let container: CKContainer

    /// The app's container, such as `CKContainer.default()`.
    public init(_ container: CKContainer) {
        self.container = container
    }

    public func fetchShareMetadata(_ url: URL) async throws(CloudError) -> ShareMetadata {
        let metadata = try await ckMetadata(url)
        do {
            return try ShareMetadata(ckShareMetadata: metadata)
        } catch {
            throw .other(code: -1, reason: "the share metadata of \(url) could not be read: \(error)")
        }
    }

    /// Accepts the share: `CKContainer.accept(_:)` takes the framework's metadata, which is fetched again from the
    /// share's URL (RecordKit's `ShareMetadata` is a value and cannot be handed back).
    public func acceptShare(_ metadata: ShareMetadata) async throws(CloudError) -> RecordShare {
        guard let url = metadata.share.url else {
            throw .invalidArguments("share \(metadata.share.id) has no URL to accept it by")
        }
        let ckMetadata = try await ckMetadata(url)
        let accepted: CKShare
        do {
            accepted = try await container.accept(ckMetadata)
        } catch {
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: metadata.share.id))
        }
        do {
            return try RecordShare(ckShare: accepted, rootRecordID: metadata.rootRecordID)
        } catch {
            throw .other(code: -1, reason: "the accepted share \(metadata.share.id) could not be read: \(error)")
        }
    }

    private func ckMetadata(_ url: URL) async throws(CloudError) -> CKShare.Metadata {
        do {
            return try await container.shareMetadata(for: url)
        } catch {
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject())
        }
    }
}
#endif
