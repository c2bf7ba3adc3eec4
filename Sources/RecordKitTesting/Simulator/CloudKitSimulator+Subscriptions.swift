import RecordKit
import RecordKitSync

extension CloudKitSimulator {
    public func modifySubscriptions(
        saving: [Subscription], deleting: [String]
    ) async throws(CloudError) -> SubscriptionModifyResult {
        try modifySubscriptions(saving: saving, deleting: deleting, from: nil)
    }

    /// Saves and deletes subscriptions for a device, which from then on receives their pushes (as an app that
    /// subscribes has registered for remote notifications).
    public func modifySubscriptions(
        saving: [Subscription], deleting: [String], from device: String?
    ) throws(CloudError) -> SubscriptionModifyResult {
        let loseResponse = try beginRequest(.modifySubscriptions)
        if let device { registerForPushes(device: device) }
        let saves = saving.map { subscription -> Result<Subscription, CloudError> in
            if let refusal = subscriptionRefusal(subscription, in: scope) { return .failure(refusal) }
            // Saving a subscription with an existing ID replaces it.
            // https://developer.apple.com/documentation/cloudkit/cksubscription
            subscriptions[subscription.id] = subscription
            return .success(subscription)
        }
        let deletes = deleting.map { id -> Result<String, CloudError> in
            guard subscriptions.removeValue(forKey: id) != nil else {
                return .failure(.invalidArguments("subscription \(id) does not exist"))
            }
            return .success(id)
        }
        if loseResponse { throw .networkFailure }
        return SubscriptionModifyResult(saves: saves, deletes: deletes)
    }

    /// Why a database of `scope` refuses to save `subscription` (nil: it takes it).
    func subscriptionRefusal(_ subscription: Subscription, in scope: DatabaseScope) -> CloudError? {
        // "You can't save a database subscription to the public database":
        // https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription
        if scope == .public, subscription.kind == .database {
            return .invalidArguments("subscription \(subscription.id): the public database has no database subscriptions")
        }
        // CloudKit has no nil comparator (https://developer.apple.com/documentation/cloudkit/ckquery lists the
        // predicate operators), so a query subscription with a nil check is refused.
        if case let .query(query) = subscription.kind, let filter = query.filters.first(where: { !$0.comparator.isCloudKitComparator }) {
            return .invalidArguments("subscription \(subscription.id): CloudKit has no \(filter.comparator.rawValue) comparator (field \(filter.fieldName))")
        }
        return nil
    }

    public func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        let loseResponse = try beginRequest(.fetchSubscriptions)
        if loseResponse { throw .networkFailure }
        return subscriptions.values.sorted { $0.id < $1.id }
    }

    // MARK: Pushes

    /// Makes a device receive the pushes of the database's subscriptions.
    public func registerForPushes(device: String) {
        pushDevices.insert(device)
    }

    /// Takes the pushes waiting for a device, oldest first.
    public func takePushes(for device: String) -> [CloudNotification] {
        pushQueues.removeValue(forKey: device) ?? []
    }

    /// The pushes waiting for a device, not taken.
    public func pendingPushes(for device: String) -> [CloudNotification] {
        pushQueues[device] ?? []
    }

    /// Makes the next `count` pushes queued meet `fault`.
    public func injectPushFault(_ fault: PushFault, count: Int = 1) {
        for _ in 0..<max(0, count) { pendingPushFaults.append(fault) }
    }

    /// Makes every push queued from now on meet a fault drawn from `plan` with the simulator's seeded generator,
    /// unless one injected by ``injectPushFault(_:count:)`` comes first (nil: no random push faults).
    public func setRandomPushFaults(_ plan: RandomPushFaults?) {
        randomPushFaults = plan
    }

    /// Delivers every push held by ``PushFault/delay``, in the order they were held.
    public func releaseHeldPushes() {
        let held = heldPushes
        heldPushes.removeAll()
        for (device, notification) in held { pushQueues[device, default: []].append(notification) }
    }

    /// Makes every change hidden by ``PushFault/beforeVisible`` visible to zone fetches.
    public func releaseHiddenChanges() {
        hiddenChanges.removeAll()
    }

    /// Queues a push for each change and each subscription it fires, for every registered device but the one that
    /// made the change: CloudKit does not notify the device that made the change
    /// (https://developer.apple.com/documentation/cloudkit/cknotificationinfo).
    func queuePushes(for changes: [CommittedChange], origin: String?) {
        for change in changes {
            queuePushes(origin: origin, change: change) { subscription in
                self.notificationKind(subscription, change.record, change.reason)
            }
            queueUserPushes(for: change, origin: origin)  // Sharing/CloudKitSimulator+UserSubscriptions.swift
        }
    }

    /// Queues the pushes of zones deleted by `origin` (nil: by the user or the server): a database subscription
    /// fires for every change in the database, zone deletions included, and a zone's subscription fires for its
    /// own deletion. https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription
    func queueZoneDeletionPushes(for zoneIDs: [RecordZoneID], origin: String?) {
        for zoneID in zoneIDs {
            queueOwnerPushes(forZone: zoneID, origin: origin)  // Sharing/CloudKitSimulator+UserSubscriptions.swift
            queuePushes(origin: origin, change: nil) { subscription in
                switch subscription.kind {
                case .database: .database(zoneID: zoneID)
                case let .recordZone(subscribed): subscribed == zoneID ? .recordZone(zoneID) : nil
                case .query: nil
                }
            }
        }
    }

    /// Queues one push per subscription that `kind` says fires, for every registered device but `origin`.
    private func queuePushes(
        origin: String?, change: CommittedChange?, kind: (Subscription) -> CloudNotification.Kind?
    ) {
        let devices = pushDevices.subtracting(origin.map { [$0] } ?? []).sorted()
        guard !devices.isEmpty, !subscriptions.isEmpty else { return }
        for subscription in subscriptions.values.sorted(by: { $0.id < $1.id }) {
            guard let kind = kind(subscription) else { continue }
            if case let .query(query) = subscription.kind, query.firesOnce { subscriptions[subscription.id] = nil }
            let notification = CloudNotification(
                kind: kind, subscriptionID: subscription.id, databaseScope: scope,
                notificationID: String(random.next() % 2_821_109_907_456, radix: 36),
                userRecordName: userRecordName, alert: Self.alert(subscription.notificationInfo),
                isContentAvailable: subscription.notificationInfo.shouldSendContentAvailable)
            for device in devices { deliver(notification, to: device, for: change) }
        }
    }

    /// What a push of `subscription` says of a change, nil when the change does not fire it.
    func notificationKind(
        _ subscription: Subscription, _ record: Record, _ reason: QueryNotificationReason
    ) -> CloudNotification.Kind? {
        switch subscription.kind {
        case .database: .database(zoneID: record.id.zoneID)
        case let .recordZone(zoneID): zoneID == record.id.zoneID ? .recordZone(zoneID) : nil
        case let .query(query): query.isFired(by: record, change: reason) ? .query(recordID: record.id, reason: reason) : nil
        }
    }

    static func alert(_ info: SubscriptionNotificationInfo) -> CloudNotification.Alert {
        CloudNotification.Alert(
            title: info.title, subtitle: info.subtitle, body: info.alertBody, badge: info.shouldBadge ? 1 : nil,
            sound: info.soundName, category: info.category)
    }

    func deliver(_ notification: CloudNotification, to device: String, for change: CommittedChange?) {
        let fault = pendingPushFaults.isEmpty ? randomPushFault() : pendingPushFaults.removeFirst()
        if let fault { pushFaultsMet.append(fault) }
        switch fault {
        case .drop?: return
        case .delay?: heldPushes.append((device, notification))
        case .coalesce?:
            if pushQueues[device]?.contains(where: { $0.subscriptionID == notification.subscriptionID }) == true { return }
            pushQueues[device, default: []].append(notification)
        case .duplicate?: pushQueues[device, default: []] += [notification, notification]
        case .beforeVisible?:
            // A zone's deletion is visible at once: only a record change can lag.
            if let change, hiddenChanges[change.record.id.zoneID] == nil {
                hiddenChanges[change.record.id.zoneID] = change.sequenceBefore
            }
            pushQueues[device, default: []].append(notification)
        case nil: pushQueues[device, default: []].append(notification)
        }
    }
}

extension CloudKitSimulator {
    /// A fault drawn from the random push fault plan, if any.
    private func randomPushFault() -> PushFault? {
        guard let plan = randomPushFaults else { return nil }
        var draw = Double(random.next() >> 11) / Double(1 << 53)
        for (fault, chance) in plan.chances {
            if draw < chance { return fault }
            draw -= chance
        }
        return nil
    }
}

/// A record change a request committed, for the pushes it causes.
struct CommittedChange {
    /// The record as saved, or as it was before its deletion.
    var record: Record
    var reason: QueryNotificationReason
    /// The zone's change sequence before the change.
    var sequenceBefore: UInt64
}
