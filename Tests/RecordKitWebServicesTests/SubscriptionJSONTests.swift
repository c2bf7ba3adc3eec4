import Foundation
import RecordKit
import RecordKitSync
import RecordKitWebServices
import Testing

/// The Subscription Dictionary both ways, the requests the client sends for subscriptions and tokens, and
/// CloudKit's service URL.
@Suite struct SubscriptionJSONTests {
    let zone = RecordZoneID(zoneName: "tasks", ownerName: "_owner")

    func roundTrip(_ subscription: Subscription) throws -> Subscription {
        let data = try JSONSerialization.data(withJSONObject: try SubscriptionJSON.object(subscription))
        return try SubscriptionJSON.subscription(from: try JSONSerialization.jsonObject(with: data)).get()
    }

    @Test func everyKindOfSubscriptionRoundTrips() throws {
        let subscriptions = [
            Subscription(id: "all", kind: .database),
            Subscription(id: "zone", kind: .recordZone(zone), notificationInfo: SubscriptionNotificationInfo(alertBody: "changed")),
            Subscription(id: "query", kind: .query(QuerySubscription(
                recordType: "Task",
                filters: [
                    QueryFilter("title", .beginsWith, .string("urgent")), QueryFilter("rank", .greaterThan, .int64(3)),
                    QueryFilter("due", .lessThan, .timestamp(Date(timeIntervalSince1970: 1_700_000_000))),
                    QueryFilter("tags", .listContains, .string("home")),
                ],
                zoneID: zone, firesOn: [.recordUpdate], firesOnce: true))),
            Subscription(id: "silent-off", kind: .query(QuerySubscription(recordType: "Note")), notificationInfo: SubscriptionNotificationInfo(
                shouldSendContentAvailable: false, title: "T", subtitle: "S", soundName: "ping", shouldBadge: true,
                category: "C", desiredKeys: ["title", "rank"])),
        ]
        for subscription in subscriptions { #expect(try roundTrip(subscription) == subscription) }
    }

    @Test func theDictionaryHasTheDocumentedKeys() throws {
        let object = try SubscriptionJSON.object(Subscription(
            id: "q", kind: .query(QuerySubscription(recordType: "Task", zoneID: zone, firesOn: [.recordCreation, .recordDeletion]))))
        #expect(object["subscriptionType"] as? String == "query")
        #expect(object["firesOn"] as? [String] == ["create", "delete"])
        #expect((object["query"] as? [String: Any])?["recordType"] as? String == "Task")
        #expect((object["zoneID"] as? [String: Any])?["zoneName"] as? String == "tasks")
        let database = try SubscriptionJSON.object(Subscription(id: "all", kind: .database))
        #expect(database["subscriptionType"] as? String == "zone")
        #expect(database["zoneWide"] as? Bool == true)
        #expect(database["zoneID"] == nil)
    }

    @Test func aNearFilterCannotBeWritten() throws {
        let near = QueryFilter("place", .near, .location(try Location(latitude: 1, longitude: 2)), distance: 100)
        #expect(throws: CloudError.self) {
            _ = try SubscriptionJSON.object(Subscription(id: "near", kind: .query(QuerySubscription(recordType: "Shop", filters: [near]))))
        }
    }

    @Test func malformedDictionariesSayWhy() {
        let cases: [(Any?, String)] = [
            (nil, "a subscription must be an object"),
            (["subscriptionType": "zone"], "a subscription needs a subscriptionID"),
            (["subscriptionID": "s", "subscriptionType": "push"], "subscription s: subscriptionType must be query or zone"),
            (["subscriptionID": "s", "subscriptionType": "zone"], "subscription s: a zone subscription needs a zoneID, or zoneWide"),
            (["subscriptionID": "s", "subscriptionType": "query", "firesOn": ["create"]],
             "subscription s: query must be a query with a recordType and filterBy"),
            (["subscriptionID": "s", "subscriptionType": "query", "query": ["recordType": "T"]],
             "subscription s: a query subscription fires on create, update or delete"),
            (["subscriptionID": "s", "subscriptionType": "query", "query": ["recordType": "T"], "firesOn": ["explode"]],
             "subscription s: firesOn holds explode, not create, update or delete"),
            (["subscriptionID": "s", "subscriptionType": "zone", "zoneWide": true, "notificationInfo": 3],
             "subscription s: notificationInfo must be an object"),
        ]
        for (value, reason) in cases {
            guard case let .failure(error) = SubscriptionJSON.subscription(from: value) else {
                Issue.record("\(String(describing: value)) read as a subscription")
                continue
            }
            #expect(error.reason == reason)
        }
    }

    @Test func appleServiceIsCloudKitsHost() {
        #expect(WebServicesEndpoint.apple.absoluteString == "https://api.apple-cloudkit.com")
        let endpoint = WebServicesEndpoint(container: "iCloud.com.example.app", environment: .production, database: .public)
        #expect(endpoint.service == WebServicesEndpoint.apple)
        #expect(endpoint.subpath("records/query") == "/database/1/iCloud.com.example.app/production/public/records/query")
    }

    @Test func tokenRequestsGoBelowTheEnvironmentAndAPollReadsThePayload() async throws {
        let payload = CloudNotification(
            kind: .database(zoneID: zone), subscriptionID: "all", databaseScope: .private, containerIdentifier: "iCloud.com.example.app",
            notificationID: "n1")
        let transport = StubTransport([
            WebServicesHTTPResponse(status: 200, body: Data(#"{"apnsEnvironment":"development","apnsToken":"tok-1","webcourierURL":"https://courier.example/1/tok-1"}"#.utf8)),
            WebServicesHTTPResponse(status: 200, body: Data(#"{"apnsEnvironment":"development","apnsToken":"tok-1"}"#.utf8)),
            WebServicesHTTPResponse(status: 200, body: payload.encoded()),
            WebServicesHTTPResponse(status: 204, body: Data()),
        ])
        let database = stubDatabase(transport)
        let token = try await database.createAPNsToken()
        #expect(token == APNsToken(environment: .development, token: "tok-1", webcourierURL: try #require(URL(string: "https://courier.example/1/tok-1"))))
        try await database.registerAPNsToken(token.token)
        #expect(try await database.pollNotification(at: token.webcourierURL) == payload)
        #expect(try await database.pollNotification(at: token.webcourierURL) == nil)
        let requests = await transport.requests
        #expect(requests[0].url.path == "/database/1/iCloud.com.example.app/development/tokens/create")
        #expect(requests[1].url.path == "/database/1/iCloud.com.example.app/development/tokens/register")
        #expect(String(decoding: requests[1].body, as: UTF8.self) == #"{"apnsEnvironment":"development","apnsToken":"tok-1"}"#)
        #expect(requests[2].method == "GET" && requests[2].url == token.webcourierURL)
    }
}
