import Foundation
import RecordKit
import RecordKitSync

/// Saving, reading and deleting shares, and accepting them, for the acting user (``SimulatedUser``).
///
/// Shares are kept in the sharing state and logged in their zones' change feeds (``storeShare(_:id:)``), never
/// answered as records: the root record names its share in ``SystemFields/share``, and
/// ``CloudSharing/fetchShare(_:)`` reads it.
extension CloudKitSimulator {
    /// Saves a share (and a hierarchy share's root record with it) for the acting user, in their private database.
    func saveShareNow(_ share: RecordShare, rootRecord: Record?) throws(CloudError) -> RecordShare {
        let loseResponse = try beginRequest(.modifyRecords)
        guard let acting else { throw .invalidArguments("shares are saved by a user: use user(_:).privateDatabase") }
        // Only the owner shares: a participant cannot share what was shared with them further.
        // https://developer.apple.com/documentation/cloudkit/ckshare/participantrole
        guard acting.scope == .private else {
            throw .permissionFailure("user \(acting.name) cannot share records of the shared database further (share \(share.id))")
        }
        if case let .failure(error) = usableZone(share.zoneID) { throw error }
        let existing = sharing.shares[share.id]
        if let existing, existing.scope != share.scope {
            throw .invalidArguments("share \(share.id) covers \(existing.scope) on the server, not \(share.scope)")
        }
        try checkChangeTag(of: share, existing: existing)
        try checkScope(of: share, rootRecord: rootRecord, isNew: existing == nil)
        var stored = share
        stored.participants = Self.participants(share.participants, existing: existing, owner: acting.name)
        stored.url = existing?.url ?? newShareURL(for: share)
        let now = tick()
        stored.system.changeTag = newChangeTag(replacing: existing?.system.changeTag)
        stored.system.creationDate = existing?.system.creationDate ?? now
        stored.system.creatorUserRecordName = existing?.system.creatorUserRecordName ?? acting.name
        stored.system.modificationDate = now
        stored.system.lastModifiedUserRecordName = acting.name
        try changingAccess { () throws(CloudError) in
            // "When saving a newly created CKShare, you must save the share and its rootRecord in the same
            // CKModifyRecordsOperation batch": the root is saved with the share, or neither is. The root's save
            // reads the share (for its share field) from the sharing state, so the share is there first.
            // https://developer.apple.com/documentation/cloudkit/ckshare
            if let rootRecord {
                sharing.shares[share.id] = stored
                let result = try serverModify(ModifyRecordsRequest(saves: [RecordSave(rootRecord)], savePolicy: .ifServerRecordUnchanged, atomic: true))
                if case let .failure(error)? = result.saves.first?.result {
                    sharing.shares[share.id] = existing
                    throw error
                }
            }
            storeShare(stored, id: share.id)
        }
        if let url = stored.url { sharing.urls[url] = share.id }
        if loseResponse { throw .networkFailure }
        return stored
    }

    /// Reads a share the acting user owns, or (in their shared database) one they accepted.
    func fetchShareNow(_ id: RecordID) throws(CloudError) -> RecordShare {
        let loseResponse = try beginRequest(.fetchRecords)
        guard let share = sharing.shares[id], let acting, canRead(share, acting) else { throw .unknownItem(id) }
        if loseResponse { throw .networkFailure }
        return share
    }

    /// Deletes a share: the owner stops sharing (every participant loses the zone), or a participant leaves.
    func deleteShareNow(_ id: RecordID) throws(CloudError) {
        let loseResponse = try beginRequest(.modifyRecords)
        guard let share = sharing.shares[id], let acting, canRead(share, acting) else { throw .unknownItem(id) }
        changingAccess { () throws(Never) in
            if acting.scope == .shared {
                // A participant deleting the share from their shared database leaves it.
                // https://developer.apple.com/documentation/cloudkit/ckshare/participant
                var left = share
                left.participants.removeAll { $0.identity.userRecordName == acting.name }
                left.system.changeTag = newChangeTag(replacing: share.system.changeTag)
                storeShare(left, id: id)
            } else {
                storeShare(nil, id: id)
            }
        }
        // "CloudKit clears this property's value when it deletes the corresponding CKShare object on the server."
        // https://developer.apple.com/documentation/cloudkit/ckrecord/share
        if acting.scope != .shared, let root = share.rootRecordID { rewriteShareField(of: root) }
        if loseResponse { throw .networkFailure }
    }

    /// What the share at `url` offers `user`.
    /// https://developer.apple.com/documentation/cloudkit/ckfetchsharemetadataoperation
    func shareMetadataNow(_ url: URL, for user: String) throws(CloudError) -> ShareMetadata {
        let loseResponse = try beginRequest(.fetchRecords)
        guard let id = sharing.urls[url] else { throw .invalidArguments("no share was ever saved at \(url)") }
        guard let share = sharing.shares[id] else { throw .unknownItem(id) }
        let invitation = try invitation(of: user, to: share)
        if loseResponse { throw .networkFailure }
        return ShareMetadata(
            share: share, containerIdentifier: containerIdentifier, rootRecordID: share.rootRecordID,
            ownerIdentity: ShareUserIdentity(userRecordName: share.zoneID.ownerName), participantRole: invitation.role,
            participantStatus: invitation.acceptanceStatus, participantPermission: invitation.permission)
    }

    /// Accepts a share for `user`: its zone appears in their shared database.
    /// https://developer.apple.com/documentation/cloudkit/ckacceptsharesoperation
    func acceptShareNow(_ metadata: ShareMetadata, by user: String) throws(CloudError) -> RecordShare {
        let loseResponse = try beginRequest(.modifyRecords)
        guard let share = sharing.shares[metadata.share.id] else { throw .unknownItem(metadata.share.id) }
        var invitation = try invitation(of: user, to: share)
        if invitation.role != .owner {
            invitation.acceptanceStatus = .accepted
            // The server now knows who the invitee is: an invitation by email or phone becomes this user's.
            invitation.identity.userRecordName = user
            changingAccess { () throws(Never) in
                var accepted = share
                if let index = accepted.participants.firstIndex(where: { sharing.identity($0.identity, isUser: user) }) {
                    accepted.participants[index] = invitation
                } else {
                    accepted.participants.append(invitation)
                }
                accepted.system.changeTag = newChangeTag(replacing: share.system.changeTag)
                storeShare(accepted, id: share.id)
            }
        }
        if loseResponse { throw .networkFailure }
        return sharing.shares[share.id] ?? share
    }

    // MARK: Rules

    /// The participant `user` is (listed by user record name, or by an email address or phone number the user
    /// has: ShareInvitees.swift), or becomes by opening the URL of a public share; permissionFailure when the share
    /// is private to others. A public share lets anyone with its URL join with its public permission.
    /// https://developer.apple.com/documentation/cloudkit/ckshare/publicpermission
    private func invitation(of user: String, to share: RecordShare) throws(CloudError) -> ShareParticipant {
        if let listed = sharing.participant(of: share, namingUser: user), listed.acceptanceStatus != .removed { return listed }
        guard share.publicPermission == .readOnly || share.publicPermission == .readWrite else {
            throw .permissionFailure("user \(user) is not a participant of share \(share.id)")
        }
        return ShareParticipant(
            identity: ShareUserIdentity(userRecordName: user), role: .publicUser, permission: share.publicPermission,
            acceptanceStatus: .pending)
    }

    /// The participants a saved share holds: the owner first (read-write, accepted), then the others as the owner
    /// listed them, keeping the acceptance the server knows (the owner cannot accept for them); a participant
    /// the owner removed (``ShareAcceptanceStatus/removed``, or no longer listed) is dropped and loses access.
    /// https://developer.apple.com/documentation/cloudkit/ckshare/removeparticipant(_:)
    private static func participants(_ listed: [ShareParticipant], existing: RecordShare?, owner: String) -> [ShareParticipant] {
        var result = [ShareParticipant(identity: ShareUserIdentity(userRecordName: owner), role: .owner, permission: .readWrite, acceptanceStatus: .accepted)]
        for participant in listed where participant.role != .owner && participant.identity.userRecordName != owner {
            guard participant.acceptanceStatus != .removed else { continue }
            var kept = participant
            if kept.role == .unknown { kept.role = .privateUser }
            // The invitee as the server knows them, matched by user record name, email address or phone number:
            // an owner's copy listing them by email keeps the user the server resolved.
            let known = existing?.participants.first { SharingState.sameInvitee($0.identity, participant.identity) }
            if kept.identity.userRecordName == nil { kept.identity.userRecordName = known?.identity.userRecordName }
            kept.acceptanceStatus = known?.acceptanceStatus == .accepted ? .accepted : .pending
            result.append(kept)
        }
        return result
    }

    /// Checks a saved share's change tag as a record save with `ifServerRecordUnchanged` is checked, so that two
    /// owner devices editing participants cannot silently overwrite each other: a share the server holds must come
    /// with the server's change tag (serverRecordChanged with the server's copy otherwise), and a share with a
    /// change tag that the server no longer holds is unknownItem. A `CKShare` is a `CKRecord`, saved by the same
    /// modify operation. https://developer.apple.com/documentation/cloudkit/ckshare
    /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/ifserverrecordunchanged
    /// https://developer.apple.com/documentation/cloudkit/ckerror/code/serverrecordchanged
    /// https://developer.apple.com/documentation/cloudkit/ckerror/code/unknownitem
    private func checkChangeTag(of share: RecordShare, existing: RecordShare?) throws(CloudError) {
        guard let existing else {
            if share.system.changeTag != nil { throw .unknownItem(share.id) }
            return
        }
        if share.system.changeTag != existing.system.changeTag {
            throw .serverRecordChanged(serverRecord: Self.shareRecord(existing), clientRecord: Self.shareRecord(share))
        }
    }

    /// Checks what a share covers: a new hierarchy share comes with its root, in the share's zone, and overlaps no
    /// other share (a saved one may come alone, to change its participants); a zone share has the zone-wide record
    /// name and no root.
    private func checkScope(of share: RecordShare, rootRecord: Record?, isNew: Bool) throws(CloudError) {
        switch share.scope {
        case let .hierarchy(root):
            if rootRecord == nil && !isNew { return }
            guard let rootRecord, rootRecord.id == root, root.zoneID == share.zoneID else {
                throw .invalidArguments("share \(share.id) must be saved with its root record \(root), in the share's zone")
            }
            // "Records in a hierarchy must only exist within one share": CKError.alreadyShared otherwise.
            // https://developer.apple.com/documentation/cloudkit/ckrecord/share
            for other in sharing.shares(inZone: share.zoneID) where other.id != share.id {
                let otherRoot = other.rootRecordID.flatMap { zones[$0.zoneID]?[$0] }
                if covers(other, rootRecord, sent: [:]) || otherRoot.map({ covers(share, $0, sent: [root: rootRecord]) }) == true {
                    throw .invalidArguments("alreadyShared: record \(root) is already in share \(other.id)")
                }
            }
        case let .zone(zoneID):
            guard rootRecord == nil, zoneID == share.zoneID, share.id.recordName == RecordShare.zoneShareRecordName else {
                throw .invalidArguments("a zone share is named \(RecordShare.zoneShareRecordName) in its zone and has no root record")
            }
        }
    }

    func canRead(_ share: RecordShare, _ user: ActingUser) -> Bool {
        switch user.scope {
        case .shared:
            return share.participant(userRecordName: user.name)?.acceptanceStatus == .accepted
                && share.zoneID.ownerName != user.name
        default: return share.zoneID.ownerName == user.name
        }
    }

    /// The reference a record's ``SystemFields/share`` holds: the share it is the root of, if any.
    func shareReference(forRoot id: RecordID) -> Reference? {
        sharing.shares.values.first { $0.rootRecordID == id }.map { Reference(recordID: $0.id) }
    }

    /// Writes a root record's share reference again as the shares now say, as a change of the record.
    private func rewriteShareField(of root: RecordID) {
        guard var record = zones[root.zoneID]?[root] else { return }
        record.system.share = shareReference(forRoot: root)
        record.system.changeTag = newChangeTag(replacing: record.system.changeTag)
        record.system.modificationDate = tick()
        zones[root.zoneID]?.put(record)
        noteZoneChange(root.zoneID, deletion: nil)
    }

    /// A URL of the simulated iCloud share service, unique from the seeded generator.
    private func newShareURL(for share: RecordShare) -> URL? {
        let token = String(random.next(), radix: 36)
        return URL(string: "https://www.icloud.com/share/\(token)#\(share.zoneID.zoneName)")
    }
}
