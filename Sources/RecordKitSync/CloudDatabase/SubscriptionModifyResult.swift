import RecordKit

/// What a ``CloudDatabase/modifySubscriptions(saving:deleting:)`` request did, item by item.
/// https://developer.apple.com/documentation/cloudkit/ckdatabase/modifysubscriptions(saving:deleting:)
public struct SubscriptionModifyResult: Sendable {
    /// Each saved subscription, as the server keeps it, or its error; in the order asked.
    public var saves: [Result<Subscription, CloudError>]
    /// Each deleted subscription ID, or its error; in the order asked.
    public var deletes: [Result<String, CloudError>]

    /// A result.
    public init(saves: [Result<Subscription, CloudError>], deletes: [Result<String, CloudError>]) {
        self.saves = saves
        self.deletes = deletes
    }
}

extension CloudDatabase {
    /// Subscriptions are not bridged for this database: throws ``CloudError/unsupported(_:)``.
    public func modifySubscriptions(
        saving: [Subscription], deleting: [String]
    ) async throws(CloudError) -> SubscriptionModifyResult {
        throw .unsupported("subscriptions (modifySubscriptions)")
    }

    /// Subscriptions are not bridged for this database: throws ``CloudError/unsupported(_:)``.
    public func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        throw .unsupported("subscriptions (fetchAllSubscriptions)")
    }
}
