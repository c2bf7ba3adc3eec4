import Foundation
import RecordKit
import RecordKitSync

/// Who sends a request to a simulator that holds several users: the user and which of their databases.
struct ActingUser: Sendable, Hashable {
    var name: String
    var scope: DatabaseScope
}

/// The shares a simulator holds, by share record ID (zones named by their owners), and each participant's
/// shared database feed.
struct SharingState {
    var shares: [RecordID: RecordShare] = [:]
    /// Every URL the simulator handed out, with the share it opens (also after the share is deleted).
    var urls: [URL: RecordID] = [:]
    /// Each user's shared database change feed, created when first needed.
    var feeds: [String: SharedDatabaseFeed] = [:]
    /// What each participant was served of shared zones (records and shares), so that what they lose access to is
    /// reported deleted in their zone feed, and nothing they never saw is.
    var served: [String: Set<RecordID>] = [:]
    /// Each user database's subscriptions, by subscription ID (CloudKitSimulator+UserSubscriptions.swift).
    var subscriptions: [ActingUser: [String: Subscription]] = [:]
    /// The devices registered for each user database's pushes.
    var pushDevices: [ActingUser: Set<String>] = [:]
    /// The email address and phone number of each user who has them (ShareInvitees.swift).
    var contacts: [String: UserContact] = [:]
    /// The device sending the share request being served, if named.
    var requestDevice: String?

    /// The shares of a zone, sorted by record name.
    func shares(inZone zoneID: RecordZoneID) -> [RecordShare] {
        shares.values.filter { $0.zoneID == zoneID }.sorted { $0.id.recordName < $1.id.recordName }
    }

    /// The zones each user may read as a participant: the zones of the shares that list them as an accepted,
    /// non-owner participant. "The records remain accessible for as long as the participant's status is accepted."
    /// https://developer.apple.com/documentation/cloudkit/ckshare/participant
    func accessMap() -> [String: Set<RecordZoneID>] {
        var map: [String: Set<RecordZoneID>] = [:]
        for share in shares.values {
            for participant in share.participants where participant.role != .owner && participant.acceptanceStatus == .accepted {
                guard let name = participant.identity.userRecordName else { continue }
                map[name, default: []].insert(share.zoneID)
            }
        }
        return map
    }

    /// The accepted participants' names of the shares in a zone, sorted.
    func participants(inZone zoneID: RecordZoneID) -> [String] {
        accessMap().filter { $0.value.contains(zoneID) }.keys.sorted()
    }
}

/// One user's shared database change feed: which shared zones appeared, changed or went away, in order.
///
/// The shared database lists only zones other users shared with this user and the user accepted.
/// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared
struct SharedDatabaseFeed {
    /// The feed's incarnation: tokens of another feed (another user's, or a private database's) are expired.
    let epoch: UInt64
    private(set) var sequence: UInt64 = 0
    private var log: [(sequence: UInt64, zoneID: RecordZoneID)] = []
    private var latest: [RecordZoneID: (sequence: UInt64, deletion: ZoneDeletionReason?)] = [:]

    init(epoch: UInt64) {
        self.epoch = epoch
    }

    mutating func note(_ zoneID: RecordZoneID, deletion: ZoneDeletionReason?) {
        sequence += 1
        log.append((sequence, zoneID))
        latest[zoneID] = (sequence, deletion)
    }

    /// Up to `limit` zones changed or deleted after `after` (nil: the zones there are now, no deletions), the
    /// sequence the page's token stands for, and whether more follow.
    func changes(
        after: UInt64?, limit: Int
    ) -> (changed: [RecordZoneID], deleted: [ZoneDeletion], through: UInt64, moreComing: Bool) {
        var changed: [RecordZoneID] = [], deleted: [ZoneDeletion] = []
        var through = after ?? 0
        for entry in log where entry.sequence > (after ?? 0) {
            guard let state = latest[entry.zoneID], state.sequence == entry.sequence else { continue }
            if state.deletion != nil && after == nil { continue }
            if changed.count + deleted.count == limit { return (changed, deleted, through, true) }
            if let reason = state.deletion {
                deleted.append(ZoneDeletion(zoneID: entry.zoneID, reason: reason))
            } else {
                changed.append(entry.zoneID)
            }
            through = entry.sequence
        }
        return (changed, deleted, sequence, false)
    }
}
