#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit

extension CloudKitDatabase {
    /// Saves and deletes subscriptions through `CKDatabase.modifySubscriptions(saving:deleting:)`, each crossing
    /// the bridge (`Subscription.ckSubscription()`). A subscription the bridge cannot express (a query filter
    /// `CKQuery` has no operator for) fails alone with `invalidArguments`, unsent.
    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/modifysubscriptions(saving:deleting:)
    public func modifySubscriptions(
        saving: [Subscription], deleting: [String]
    ) async throws(CloudError) -> SubscriptionModifyResult {
        var unsent: [String: CloudError] = [:]
        var subscriptions: [CKSubscription] = []
        for subscription in saving {
            do {
                subscriptions.append(try subscription.ckSubscription())
            } catch {
                unsent[subscription.id] = .invalidArguments(error.description)
            }
        }
        let results: (saveResults: [CKSubscription.ID: Result<CKSubscription, any Error>], deleteResults: [CKSubscription.ID: Result<Void, any Error>])
        do {
            results = try await database.modifySubscriptions(saving: subscriptions, deleting: deleting)
        } catch {
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject())
        }
        let saves = saving.map { subscription -> Result<Subscription, CloudError> in
            if let error = unsent[subscription.id] { return .failure(error) }
            switch results.saveResults[subscription.id] {
            case let .success(saved)?: return .success((try? Subscription(ckSubscription: saved)) ?? subscription)
            case let .failure(error)?: return .failure(CloudError(cloudKitError: error, subject: CloudKitErrorSubject()))
            case nil: return .failure(.other(code: -1, reason: "CloudKit returned no result for subscription \(subscription.id)"))
            }
        }
        let deletes = deleting.map { id -> Result<String, CloudError> in
            switch results.deleteResults[id] {
            case .success?: .success(id)
            case let .failure(error)?: .failure(CloudError(cloudKitError: error, subject: CloudKitErrorSubject()))
            case nil: .failure(.other(code: -1, reason: "CloudKit returned no result for subscription \(id)"))
            }
        }
        return SubscriptionModifyResult(saves: saves, deletes: deletes)
    }

    /// Every subscription of the database, through `CKDatabase.allSubscriptions()`, sorted by ID. A subscription
    /// the bridge cannot read (a query subscription whose predicate RecordKit did not write) fails the call with
    /// `other`, naming it: nothing is dropped silently.
    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/allsubscriptions()
    public func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        let found: [CKSubscription]
        do {
            found = try await database.allSubscriptions()
        } catch {
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject())
        }
        var subscriptions: [Subscription] = []
        for subscription in found {
            do {
                subscriptions.append(try Subscription(ckSubscription: subscription))
            } catch {
                throw .other(code: -1, reason: error.description)
            }
        }
        return subscriptions.sorted { $0.id < $1.id }
    }
}
#endif
