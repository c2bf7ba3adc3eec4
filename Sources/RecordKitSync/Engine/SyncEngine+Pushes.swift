import RecordKit
import RecordKitStore

/// What ``SyncEngine/handle(notification:)`` did with a push.
public enum PushHandling: Sendable, Hashable {
    /// The push is not from the engine's subscription or database: nothing was fetched.
    case ignored
    /// A fetch already waiting to start will cover it: nothing more was fetched.
    case coalesced
    /// The engine fetched the changes (this push's, and those of every push that joined it).
    case fetched
}

/// The fetch pushes wait for: the zones they named, or everything.
struct PushFetch {
    var zoneIDs: Set<RecordZoneID> = []
    var everything = false

    mutating func add(_ notification: CloudNotification) {
        if let zoneID = notification.zoneID { zoneIDs.insert(zoneID) } else { everything = true }
    }
}

extension SyncEngine {
    /// Fetches what a push says changed. A push only says that something changed (pushes are dropped and
    /// coalesced), so the engine fetches from its stored tokens: the zones the pushes named when the store knows
    /// them, else the database's changes first, then the zones they list.
    /// https://developer.apple.com/documentation/cloudkit/ckdatabasenotification
    ///
    /// - A push from another subscription (or none), or another database, is ignored.
    /// - Pushes that arrive while a sync or a fetch runs join one fetch that waits for it: a burst of pushes makes
    ///   one or two fetches, not one each.
    ///
    /// Lost pushes are covered by the fetch the app makes at launch and on return to the foreground
    /// (``fetchChanges()`` or ``sync()``).
    @discardableResult
    public func handle(notification: CloudNotification) async throws(SyncError) -> PushHandling {
        guard let ours = configuration.databaseSubscriptionID, notification.subscriptionID == ours,
            notification.databaseScope == nil || notification.databaseScope == database.scope
        else { return .ignored }
        if queuedPushFetch != nil {
            queuedPushFetch?.add(notification)
            return .coalesced
        }
        var fetch = PushFetch()
        fetch.add(notification)
        queuedPushFetch = fetch
        await acquire()
        defer { release() }
        // Pushes that came while this one waited have joined it.
        let due = queuedPushFetch ?? fetch
        queuedPushFetch = nil
        let wasSubscribed = try loadState().savedSubscriptionID == ours
        let existing = Set(try stored { () throws(RecordStoreError) in try store.zones() }.filter(\.exists).map(\.id))
        if due.everything || !due.zoneIDs.isSubset(of: existing.union(configuration.zones)) {
            try await fetchAll()
        } else {
            for zoneID in due.zoneIDs.sorted() { try await fetchZone(zoneID) }
            // A zone fetch that finds its zone gone (another device deleted it) only marks it missing: the database
            // feed says it was deleted, and reading it applies the zone-loss policy.
            let stillExisting = Set(try stored { () throws(RecordStoreError) in try store.zones() }.filter(\.exists).map(\.id))
            if !existing.intersection(due.zoneIDs).isSubset(of: stillExisting) { try await fetchAll() }
        }
        // A zone lost on the way may have taken the subscription with it: save it again now, not at the next launch.
        if wasSubscribed { try await ensureSubscription() }
        return .fetched
    }

    /// Saves the engine's database subscription unless the store remembers it is saved.
    func ensureSubscription() async throws(SyncError) {
        guard let id = configuration.databaseSubscriptionID, database.scope != .public else { return }
        var state = try loadState()
        guard state.savedSubscriptionID != id else { return }
        let subscription = Subscription(id: id, kind: .database, notificationInfo: .silent)
        let result = try await withRetries { () async throws(CloudError) in
            try await database.modifySubscriptions(saving: [subscription], deleting: [])
        }
        for case let .failure(error) in result.saves { throw .cloud(error) }
        state.savedSubscriptionID = id
        try saveState(state)
        emit(.subscriptionSaved(id))
    }

    /// Forgets that the subscription is saved, so that the next sync saves it again.
    func forgetSubscription() throws(SyncError) {
        var state = try loadState()
        guard state.savedSubscriptionID != nil else { return }
        state.savedSubscriptionID = nil
        try saveState(state)
    }
}
