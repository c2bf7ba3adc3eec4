import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import RecordKitWebServices

extension LocalCloudKit {
    /// subscriptions/modify: `{operations: [{operationType, subscription}]}` → `{subscriptions: [...]}`, one entry
    /// per operation in order: the subscription saved, `{subscriptionID}` for a deletion, or an error entry.
    /// `create` and `update` both save (an existing ID is replaced, as `CKDatabase` does); deleting an ID the
    /// database does not hold is that entry's `NOT_FOUND`.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ModifySubscriptions.html
    func modifySubscriptions(_ body: Data, database: CloudKitSimulator) async throws -> LocalResponse {
        guard let operations = try LocalJSON.object(body)["operations"] as? [Any], !operations.isEmpty, operations.count <= 200 else {
            throw LocalRefusal(.badRequest, "subscriptions/modify needs 1 to 200 operations")
        }
        /// Each operation: what it asks, or the entry refusing it.
        enum Asked { case save(Subscription), delete(String), refused([String: Any]) }
        var asked: [Asked] = []
        for operation in operations {
            guard let operation = operation as? [String: Any], let type = operation["operationType"] as? String else {
                throw LocalRefusal(.badRequest, "each operation needs an operationType")
            }
            switch type {
            case "create", "update":
                switch SubscriptionJSON.subscription(from: operation["subscription"]) {
                case let .success(subscription): asked.append(.save(subscription))
                case let .failure(error):
                    let id = (operation["subscription"] as? [String: Any])?["subscriptionID"] as? String
                    asked.append(.refused(Self.subscriptionErrorEntry(.badRequest, error.reason, id: id)))
                }
            case "delete":
                guard let id = (operation["subscription"] as? [String: Any])?["subscriptionID"] as? String, !id.isEmpty else {
                    throw LocalRefusal(.badRequest, "a delete operation needs subscription.subscriptionID")
                }
                asked.append(.delete(id))
            default:
                throw LocalRefusal(.badRequest, "operationType must be create, update or delete, not \(type)")
            }
        }
        let saves = asked.compactMap { if case let .save(subscription) = $0 { subscription } else { nil } }
        let held = Set(try await database.fetchAllSubscriptions().map(\.id))
        let deletes = asked.compactMap { if case let .delete(id) = $0, held.contains(id) { id } else { nil } }
        let result = try await database.modifySubscriptions(saving: saves, deleting: deletes)
        var saved = result.saves.makeIterator()
        var deleted = result.deletes.makeIterator()
        var entries: [[String: Any]] = []
        for item in asked {
            switch item {
            case .refused(let entry): entries.append(entry)
            case .save(let subscription):
                switch saved.next() {
                case let .success(kept)?: entries.append(try Self.subscriptionEntry(kept))
                case let .failure(error)?: entries.append(Self.subscriptionErrorEntry(error, id: subscription.id))
                case nil: entries.append(Self.subscriptionErrorEntry(.internalError, "not saved", id: subscription.id))
                }
            case .delete(let id):
                guard held.contains(id) else {
                    entries.append(Self.subscriptionErrorEntry(.notFound, "subscription \(id) does not exist", id: id))
                    continue
                }
                switch deleted.next() {
                case .success?: entries.append(["subscriptionID": id])
                case let .failure(error)?: entries.append(Self.subscriptionErrorEntry(error, id: id))
                case nil: entries.append(Self.subscriptionErrorEntry(.internalError, "not deleted", id: id))
                }
            }
        }
        return .json(LocalJSON.data(["subscriptions": entries]))
    }

    /// subscriptions/list → `{subscriptions: [...]}`, every subscription of the database, by ID.
    func listSubscriptions(database: CloudKitSimulator) async throws -> LocalResponse {
        var entries: [[String: Any]] = []
        for subscription in try await database.fetchAllSubscriptions() { entries.append(try Self.subscriptionEntry(subscription)) }
        return .json(LocalJSON.data(["subscriptions": entries]))
    }

    /// subscriptions/lookup: `{subscriptions: [{subscriptionID}]}` → one entry per ID, in order; an ID the
    /// database does not hold is a `NOT_FOUND` entry.
    func lookupSubscriptions(_ body: Data, database: CloudKitSimulator) async throws -> LocalResponse {
        guard let asked = try LocalJSON.object(body)["subscriptions"] as? [Any], !asked.isEmpty, asked.count <= 200 else {
            throw LocalRefusal(.badRequest, "subscriptions/lookup needs 1 to 200 subscriptions")
        }
        let held = Dictionary(uniqueKeysWithValues: try await database.fetchAllSubscriptions().map { ($0.id, $0) })
        var entries: [[String: Any]] = []
        for entry in asked {
            guard let id = (entry as? [String: Any])?["subscriptionID"] as? String, !id.isEmpty else {
                throw LocalRefusal(.badRequest, "each subscription to look up needs a subscriptionID")
            }
            if let subscription = held[id] {
                entries.append(try Self.subscriptionEntry(subscription))
            } else {
                entries.append(Self.subscriptionErrorEntry(.notFound, "subscription \(id) does not exist", id: id))
            }
        }
        return .json(LocalJSON.data(["subscriptions": entries]))
    }

    private static func subscriptionEntry(_ subscription: Subscription) throws -> [String: Any] {
        try SubscriptionJSON.object(subscription)
    }

    private static func subscriptionErrorEntry(_ code: ServerErrorCode, _ reason: String, id: String?) -> [String: Any] {
        var entry = LocalJSON.errorObject(WebServicesServerError(serverErrorCode: code, reason: reason, uuid: UUID().uuidString))
        if let id { entry["subscriptionID"] = id }
        return entry
    }

    private static func subscriptionErrorEntry(_ error: CloudError, id: String) -> [String: Any] {
        var entry = LocalJSON.errorObject(
            WebServicesErrorMapping.serverError(for: error)?.error
                ?? WebServicesServerError(serverErrorCode: .internalError, reason: error.description))
        entry["subscriptionID"] = id
        return entry
    }
}
