import CloudKit
import Foundation
import RecordKit
import RecordKitSyncOnStandIn
import Testing

/// `CloudKitDatabase.modifySubscriptions` and `fetchAllSubscriptions` over a scripted `CKDatabase`.
@Suite struct CloudKitDatabaseSubscriptionTests {
    let database = CKDatabase(scope: .private)
    var cloud: CloudKitDatabase { CloudKitDatabase(database) }

    @Test func subscriptionsAreSavedAndDeletedAcrossTheBridgeItemByItem() async throws {
        let seen = Box<(saved: [String], kinds: [CKSubscription.SubscriptionType], deleted: [String])>()
        database.responses.modifySubscriptions = { saves, deletes in
            seen.value = (saves.map(\.subscriptionID), saves.map(\.subscriptionType), deletes)
            var results: [CKSubscription.ID: Result<CKSubscription, any Error>] = [:]
            for subscription in saves { results[subscription.subscriptionID] = .success(subscription) }
            return (results, ["gone": .success(()), "missing": .failure(CKError(.unknownItem))])
        }
        let unsupported = Subscription(id: "tokens", kind: .query(QuerySubscription(
            recordType: "Note", filters: [QueryFilter("title", .containsAnyTokens, .string("milk"))])))
        let result = try await cloud.modifySubscriptions(
            saving: [Subscription(id: "db", kind: .database), unsupported, Subscription(id: "zone", kind: .recordZone(noteZone))],
            deleting: ["gone", "missing"])
        // The subscription CKQuery cannot express fails alone, unsent.
        #expect(seen.value?.saved == ["db", "zone"])
        #expect(seen.value?.kinds == [.database, .recordZone])
        #expect(seen.value?.deleted == ["gone", "missing"])
        #expect(try result.saves[0].get() == Subscription(id: "db", kind: .database))
        guard case .failure(.invalidArguments)? = result.saves.dropFirst().first else {
            Issue.record("expected invalidArguments, got \(result.saves[1])")
            return
        }
        #expect(try result.saves[2].get() == Subscription(id: "zone", kind: .recordZone(noteZone)))
        #expect(try result.deletes[0].get() == "gone")
        #expect((try? result.deletes[1].get()) == nil)
    }

    @Test func allSubscriptionsAreReadSortedAndAnUnreadableOneFailsTheCall() async throws {
        database.responses.allSubscriptions = {
            [CKRecordZoneSubscription(zoneID: CKRecordZone.ID(noteZone), subscriptionID: "b"), CKDatabaseSubscription(subscriptionID: "a")]
        }
        #expect(try await cloud.fetchAllSubscriptions() == [
            Subscription(id: "a", kind: .database), Subscription(id: "b", kind: .recordZone(noteZone)),
        ])
        // The stand-in's NSPredicate prints no format: a query subscription reads as one RecordKit did not write.
        database.responses.allSubscriptions = {
            [CKQuerySubscription(recordType: "Note", predicate: NSPredicate(value: true), subscriptionID: "q")]
        }
        await #expect {
            try await cloud.fetchAllSubscriptions()
        } throws: { error in
            guard case let CloudError.other(_, reason)? = error as? CloudError else { return false }
            return reason.contains("'q'")
        }
    }

    @Test func aFailedRequestIsTheTypedError() async {
        database.responses.modifySubscriptions = { _, _ in throw CKError(.networkUnavailable) }
        await #expect(throws: CloudError.networkUnavailable) {
            try await cloud.modifySubscriptions(saving: [Subscription(id: "db", kind: .database)], deleting: [])
        }
    }
}
