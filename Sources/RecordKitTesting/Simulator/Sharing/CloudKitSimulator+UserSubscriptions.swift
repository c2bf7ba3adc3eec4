import RecordKit
import RecordKitSync

/// Subscriptions and pushes per user: "A subscription applies only to the user that creates it. When a subscription
/// registers a change … it sends push notifications to the user's devices."
/// https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription
///
/// A change in an owner's zone notifies the owner's private-database subscriptions and the shared-database
/// subscriptions of every participant who reads what changed, never another user's private ones. The shared
/// database takes database subscriptions only (`CKDatabaseSubscription`): zone and query subscriptions belong to
/// the databases whose zones the user owns. https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared
/// The single-user simulator's own subscriptions (`modifySubscriptions` on the simulator) are untouched by these.
extension CloudKitSimulator {
    func userModifySubscriptions(
        saving: [Subscription], deleting: [String], as user: ActingUser, from device: String?
    ) throws(CloudError) -> SubscriptionModifyResult {
        let loseResponse = try beginRequest(.modifySubscriptions)
        if let device { sharing.pushDevices[user, default: []].insert(device) }
        let saves = saving.map { subscription -> Result<Subscription, CloudError> in
            if let refusal = subscriptionRefusal(subscription, in: user.scope) { return .failure(refusal) }
            // https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription
            if user.scope == .shared, subscription.kind != .database {
                return .failure(.invalidArguments("subscription \(subscription.id): the shared database takes database subscriptions only"))
            }
            // Kept as the user named it (their private database names their zones with the default owner).
            sharing.subscriptions[user, default: [:]][subscription.id] = subscription
            return .success(subscription)
        }
        let deletes = deleting.map { id -> Result<String, CloudError> in
            guard sharing.subscriptions[user]?.removeValue(forKey: id) != nil else {
                return .failure(.invalidArguments("subscription \(id) does not exist"))
            }
            return .success(id)
        }
        if loseResponse { throw .networkFailure }
        return SubscriptionModifyResult(saves: saves, deletes: deletes)
    }

    func userFetchAllSubscriptions(as user: ActingUser) throws(CloudError) -> [Subscription] {
        let loseResponse = try beginRequest(.fetchSubscriptions)
        if loseResponse { throw .networkFailure }
        return (sharing.subscriptions[user] ?? [:]).values.sorted { $0.id < $1.id }
    }

    /// Makes `device` receive the pushes of the subscriptions of `user`'s database of `scope` (private or shared),
    /// as an app of that user registered for remote notifications does; saving a subscription from a device
    /// (``SimulatedUserDatabase/deviceID``) registers it too.
    public func registerForPushes(device: String, user: String, scope: DatabaseScope) {
        sharing.pushDevices[ActingUser(name: user, scope: scope), default: []].insert(device)
    }

    // MARK: Pushes

    /// Queues the pushes of one record change for the zone's owner and the participants who read the record (or
    /// were served it and lost it with this change).
    func queueUserPushes(for change: CommittedChange, origin: String?) {
        guard !sharing.subscriptions.isEmpty else { return }
        let zoneID = change.record.id.zoneID
        let owner = ActingUser(name: zoneID.ownerName, scope: .private)
        let ownersRecord = ZoneOwnerMapping(owner).toClient(change.record)
        queueUserPush(to: owner, origin: origin, change: change) { self.notificationKind($0, ownersRecord, change.reason) }
        for participant in sharing.participants(inZone: zoneID) {
            let reads = permission(of: participant, for: change.record, sent: [:]) != nil
                || sharing.served[participant]?.contains(change.record.id) == true
            guard reads else { continue }
            queueSharedDatabasePush(to: participant, zoneID: zoneID, origin: origin, change: change)
        }
    }

    /// Queues the pushes of a change of a zone as a whole (a share saved or deleted, the zone deleted) for its
    /// owner: database subscriptions, and subscriptions of that zone.
    func queueOwnerPushes(forZone zoneID: RecordZoneID, origin: String?) {
        guard !sharing.subscriptions.isEmpty else { return }
        let owner = ActingUser(name: zoneID.ownerName, scope: .private)
        let ownersZone = ZoneOwnerMapping(owner).toClient(zoneID)
        queueUserPush(to: owner, origin: origin, change: nil) { subscription in
            switch subscription.kind {
            case .database: .database(zoneID: ownersZone)
            case let .recordZone(subscribed): subscribed == ownersZone ? .recordZone(ownersZone) : nil
            case .query: nil
            }
        }
    }

    /// A share of the zone changed: its owner and its participants hear of it (those who lost the zone with the
    /// change hear of it from ``changingAccess(_:)``).
    func queueZoneChangePushes(for zoneID: RecordZoneID) {
        guard !sharing.subscriptions.isEmpty else { return }
        queueOwnerPushes(forZone: zoneID, origin: sharing.requestDevice)
        for participant in sharing.participants(inZone: zoneID) {
            queueSharedDatabasePush(to: participant, zoneID: zoneID, origin: sharing.requestDevice, change: nil)
        }
    }

    /// Queues a push of `user`'s shared-database subscriptions for a change of the shared zone `zoneID`.
    func queueSharedDatabasePush(to user: String, zoneID: RecordZoneID, origin: String?, change: CommittedChange?) {
        queueUserPush(to: ActingUser(name: user, scope: .shared), origin: origin, change: change) { subscription in
            subscription.kind == .database ? .database(zoneID: zoneID) : nil
        }
    }

    /// Queues one push per subscription of `user`'s database that `kind` says fires, for each of the user's
    /// registered devices but `origin`: "When appropriate, the server excludes the device where the change
    /// originates." https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription
    private func queueUserPush(
        to user: ActingUser, origin: String?, change: CommittedChange?, kind: (Subscription) -> CloudNotification.Kind?
    ) {
        let devices = (sharing.pushDevices[user] ?? []).subtracting(origin.map { [$0] } ?? []).sorted()
        guard !devices.isEmpty, let subscriptions = sharing.subscriptions[user], !subscriptions.isEmpty else { return }
        for subscription in subscriptions.values.sorted(by: { $0.id < $1.id }) {
            guard let kind = kind(subscription) else { continue }
            if case let .query(query) = subscription.kind, query.firesOnce { sharing.subscriptions[user]?[subscription.id] = nil }
            let notification = CloudNotification(
                kind: kind, subscriptionID: subscription.id, databaseScope: user.scope,
                notificationID: String(random.next() % 2_821_109_907_456, radix: 36),
                userRecordName: user.name, alert: Self.alert(subscription.notificationInfo),
                isContentAvailable: subscription.notificationInfo.shouldSendContentAvailable)
            for device in devices { deliver(notification, to: device, for: change) }
        }
    }
}
