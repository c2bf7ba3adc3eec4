import Foundation
import RecordKit
import RecordKitSync

extension WebServicesDatabase {
    /// subscriptions/modify: saves (operation `create`; saving an existing ID replaces it, as `CKDatabase` does)
    /// and deletes in one request, answered item by item in the order asked.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ModifySubscriptions.html
    public func modifySubscriptions(
        saving: [Subscription], deleting: [String]
    ) async throws(CloudError) -> SubscriptionModifyResult {
        var operations: [[String: Any]] = []
        for subscription in saving {
            operations.append(["operationType": "create", "subscription": try SubscriptionJSON.object(subscription)])
        }
        operations += deleting.map { ["operationType": "delete", "subscription": ["subscriptionID": $0]] }
        let response = try await perform("subscriptions/modify", body: try WebServicesJSONBodies.data(["operations": operations]))
        let entries = try subscriptionEntries(response, from: "subscriptions/modify")
        guard entries.count == operations.count else {
            throw .other(
                code: WebServicesErrorMapping.CKErrorCode.internalError,
                reason: "subscriptions/modify answered \(entries.count) entries for \(operations.count) operations")
        }
        let saves = zip(saving, entries).map { asked, entry in Self.subscriptionResult(entry, asked: asked.id) }
        let deletes = zip(deleting, entries.dropFirst(saving.count)).map { id, entry -> Result<String, CloudError> in
            if let error = WebServicesJSONBodies.serverError(entry) { return .failure(Self.subscriptionError(error, id: id)) }
            return .success(id)
        }
        return SubscriptionModifyResult(saves: saves, deletes: deletes)
    }

    /// subscriptions/list: every subscription of the database for the current user.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/index.html
    /// ("Fetching All Subscriptions (subscriptions/list)")
    public func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        let response = try await perform("subscriptions/list", method: "GET", body: Data())
        var subscriptions: [Subscription] = []
        for entry in try subscriptionEntries(response, from: "subscriptions/list") {
            subscriptions.append(try Self.subscriptionResult(entry, asked: nil).get())
        }
        return subscriptions
    }

    /// subscriptions/lookup: the subscriptions with these IDs, item by item in the order asked (an ID the
    /// server does not hold is that item's error).
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/index.html
    /// ("Fetching Subscriptions by Identifier (subscriptions/lookup)")
    public func fetchSubscriptions(_ ids: [String]) async throws(CloudError) -> [Result<Subscription, CloudError>] {
        let body = try WebServicesJSONBodies.data(["subscriptions": ids.map { ["subscriptionID": $0] }])
        let entries = try subscriptionEntries(try await perform("subscriptions/lookup", body: body), from: "subscriptions/lookup")
        guard entries.count == ids.count else {
            throw .other(
                code: WebServicesErrorMapping.CKErrorCode.internalError,
                reason: "subscriptions/lookup answered \(entries.count) entries for \(ids.count) IDs")
        }
        return zip(ids, entries).map { id, entry in Self.subscriptionResult(entry, asked: id) }
    }

    private func subscriptionEntries(_ response: Data, from operation: String) throws(CloudError) -> [[String: Any]] {
        guard let entries = try WebServicesJSONBodies.object(response)["subscriptions"] as? [[String: Any]] else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "\(operation) answered no subscriptions")
        }
        return entries
    }

    private static func subscriptionResult(_ entry: [String: Any], asked id: String?) -> Result<Subscription, CloudError> {
        if let error = WebServicesJSONBodies.serverError(entry) {
            return .failure(subscriptionError(error, id: id ?? entry["subscriptionID"] as? String ?? "?"))
        }
        return SubscriptionJSON.subscription(from: entry).mapError { error in
            .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "unreadable response: \(error.reason)")
        }
    }

    /// A subscription's error entry; `NOT_FOUND` says which subscription, as the simulator does.
    private static func subscriptionError(_ error: WebServicesServerError, id: String) -> CloudError {
        if error.serverErrorCode == .notFound {
            return .invalidArguments("subscription \(id) does not exist")
        }
        return WebServicesErrorMapping.cloudError(for: error)
    }
}
