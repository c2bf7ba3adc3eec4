import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKitOnStandIn
import Testing

/// Subscriptions and their notification info across the bridge, and the predicate of a query subscription as a
/// format string and its arguments (swift-corelibs-foundation has no predicate strings: the stand-in's
/// `NSPredicate(format:argumentArray:)` keeps nothing, so the format is checked here, and the predicate made from
/// it only on Apple platforms).
@Suite struct SubscriptionBridgeTests {
    private let zone = RecordZoneID(zoneName: "notes", ownerName: "_owner")
    private let visible = SubscriptionNotificationInfo(
        shouldSendContentAvailable: false, title: "T", subtitle: "S", alertBody: "B", soundName: "ping",
        shouldBadge: true, category: "C", desiredKeys: ["title"])

    @Test func aDatabaseSubscriptionRoundTrips() throws {
        let subscription = Subscription(id: "changes", kind: .database)
        let ck = try subscription.ckSubscription()
        #expect(ck is CKDatabaseSubscription)
        #expect(ck.subscriptionID == "changes")
        #expect(ck.notificationInfo?.shouldSendContentAvailable == true)
        #expect(ck.notificationInfo?.alertBody == nil)
        #expect(try Subscription(ckSubscription: ck) == subscription)
    }

    @Test func aZoneSubscriptionRoundTripsWithItsNotificationInfo() throws {
        let subscription = Subscription(id: "zone", kind: .recordZone(zone), notificationInfo: visible)
        let ck = try subscription.ckSubscription()
        let zoneSubscription = try #require(ck as? CKRecordZoneSubscription)
        #expect(zoneSubscription.zoneID.zoneName == "notes")
        #expect(zoneSubscription.zoneID.ownerName == "_owner")
        let info = try #require(ck.notificationInfo)
        #expect([info.title, info.subtitle, info.alertBody, info.soundName, info.category] == ["T", "S", "B", "ping", "C"])
        #expect(info.shouldBadge && !info.shouldSendContentAvailable)
        #expect(info.desiredKeys == ["title"])
        #expect(try Subscription(ckSubscription: ck) == subscription)
    }

    @Test func aQuerySubscriptionCarriesItsTypeZoneAndOptions() throws {
        let query = QuerySubscription(
            recordType: "Note", filters: [QueryFilter("title", .equals, .string("milk"))], zoneID: zone,
            firesOn: [.recordCreation, .recordDeletion], firesOnce: true)
        let ck = try #require(try Subscription(id: "q", kind: .query(query)).ckSubscription() as? CKQuerySubscription)
        #expect(ck.recordType == "Note")
        #expect(ck.zoneID?.zoneName == "notes")
        #expect(ck.querySubscriptionOptions == [.firesOnRecordCreation, .firesOnRecordDeletion, .firesOnce])
    }

    @Test func aQueryFilterCKQueryCannotExpressIsATypedError() {
        let query = QuerySubscription(recordType: "Note", filters: [QueryFilter("title", .containsAllTokens, .string("milk"))])
        #expect(throws: CloudKitBridgeError.unsupportedQueryFilter(field: "title", comparator: "CONTAINS_ALL_TOKENS")) {
            try Subscription(id: "q", kind: .query(query)).ckSubscription()
        }
    }

    // MARK: The predicate's format

    /// The clause each comparator writes; nil where CKQuery has no operator.
    private static let clauses: [QueryComparator: String?] = [
        .equals: "%K == %@", .notEquals: "%K != %@", .lessThan: "%K < %@", .lessThanOrEquals: "%K <= %@",
        .greaterThan: "%K > %@", .greaterThanOrEquals: "%K >= %@",
        .near: "distanceToLocation:fromLocation:(%K, %@) < %f", .in: "%K IN %@", .notIn: "NOT (%K IN %@)",
        .beginsWith: "%K BEGINSWITH %@", .notBeginsWith: "NOT (%K BEGINSWITH %@)", .listContains: "%K CONTAINS %@",
        .notListContains: "NOT (%K CONTAINS %@)", .containsAllTokens: nil, .containsAnyTokens: nil,
        .listContainsAny: nil, .notListContainsAny: nil, .listContainsAll: nil, .notListContainsAll: nil, .listMemberBeginsWith: nil,
        .notListMemberBeginsWith: nil, .isNil: nil, .isNotNil: nil,
    ]

    @Test(arguments: QueryComparator.allCases)
    func everyComparatorWritesItsClauseOrATypedError(comparator: QueryComparator) throws {
        let expected = try #require(Self.clauses[comparator], "no expectation for \(comparator)")
        let filter = QueryFilter("field", comparator, .string("v"), distance: comparator == .near ? 50 : nil)
        let query = QuerySubscription(recordType: "Note", filters: [filter])
        guard let clause = expected else {
            #expect(throws: CloudKitBridgeError.unsupportedQueryFilter(field: "field", comparator: comparator.rawValue)) {
                try QueryPredicateFormat(query)
            }
            return
        }
        let format = try QueryPredicateFormat(query)
        #expect(format.format == clause)
        let distance: [QueryPredicateFormat.Argument] = comparator == .near ? [.distance(50)] : []
        #expect(format.arguments == [.key("field"), .value(.string("v"))] + distance)
    }

    @Test func filtersJoinWithAndTheRecordIDIsRecordIDAndNoFilterIsTruePredicate() throws {
        let reference = FieldValue.reference(Reference(recordID: RecordID(recordName: "r", zoneID: zone)))
        let query = QuerySubscription(recordType: "Note", filters: [
            QueryFilter("title", .beginsWith, .string("m")), QueryFilter(QueryFilter.recordIDField, .equals, reference),
        ])
        let format = try QueryPredicateFormat(query)
        #expect(format.format == "%K BEGINSWITH %@ AND %K == %@")
        #expect(format.arguments == [.key("title"), .value(.string("m")), .key("recordID"), .value(reference)])
        #expect(try QueryPredicateFormat(QuerySubscription(recordType: "Note")).format == "TRUEPREDICATE")
    }

    // MARK: Reading a predicate back

    /// Predicates as `NSPredicate.predicateFormat` prints the formats the bridge writes (values substituted,
    /// strings quoted, dates cast, lists in braces), with the filters each reads as.
    private static func printed() throws -> [(String, [QueryFilter])] {
        let priorities = try FieldValue.list([.int64(1), .int64(2)])
        return [
        ("TRUEPREDICATE", []),
        (#"title == "milk""#, [QueryFilter("title", .equals, .string("milk"))]),
        (#"title != "a \"quoted\" word""#, [QueryFilter("title", .notEquals, .string(#"a "quoted" word"#))]),
        ("count < 3 AND ratio >= 2.5", [QueryFilter("count", .lessThan, .int64(3)), QueryFilter("ratio", .greaterThanOrEquals, .double(2.5))]),
        (#"modified > CAST(725000000.000000, "NSDate")"#, [QueryFilter("modified", .greaterThan, .timestamp(Date(timeIntervalSinceReferenceDate: 725_000_000)))]),
        (#"priority IN {1, 2}"#, [QueryFilter("priority", .in, priorities)]),
        (#"NOT priority IN {1, 2}"#, [QueryFilter("priority", .notIn, priorities)]),
        (#"NOT (title BEGINSWITH "x")"#, [QueryFilter("title", .notBeginsWith, .string("x"))]),
        (#"tags CONTAINS "red" AND title BEGINSWITH "m""#, [QueryFilter("tags", .listContains, .string("red")), QueryFilter("title", .beginsWith, .string("m"))]),
        (#"NOT tags CONTAINS "red""#, [QueryFilter("tags", .notListContains, .string("red"))]),
        (#"title == "AND" AND #in == "x""#, [QueryFilter("title", .equals, .string("AND")), QueryFilter("in", .equals, .string("x"))]),
        ]
    }

    @Test func printedPredicatesReadBackIntoTheirFilters() throws {
        for (text, filters) in try Self.printed() {
            let subscription = CKQuerySubscription(recordType: "Note", predicate: PrintedPredicate(text), subscriptionID: "q")
            let read = try Subscription(ckSubscription: subscription)
            guard case let .query(query) = read.kind else {
                Issue.record("\(text) read as \(read.kind)")
                continue
            }
            #expect(query.filters == filters, "\(text)")
        }
    }

    @Test(arguments: [
        #"folder == <CKReference: 0x600; recordID=<CKRecordID: 0x601; recordName=r, zoneID=notes:__defaultOwner__>>"#,
        #"title LIKE "m*""#, #"title == "unterminated"#, "title ==", #"title == "a" OR title == "b""#,
        #"distanceToLocation:fromLocation:(place, <CLLocation>) < 50"#, #"title == "a" AND"#,
    ])
    func aPredicateRecordKitDoesNotWriteIsATypedError(text: String) {
        let subscription = CKQuerySubscription(recordType: "Note", predicate: PrintedPredicate(text), subscriptionID: "q")
        #expect {
            try Subscription(ckSubscription: subscription)
        } throws: { error in
            guard case let CloudKitBridgeError.unreadablePredicate(id, predicate, _)? = error as? CloudKitBridgeError else { return false }
            return id == "q" && predicate == text
        }
    }
}

/// A predicate that prints as `text`, as `NSPredicate.description` prints its format on Apple platforms (the
/// stand-in's Foundation keeps no formats).
private final class PrintedPredicate: NSPredicate {
    private let text: String

    init(_ text: String) {
        self.text = text
        super.init(value: true)
    }

    required init?(coder: NSCoder) { nil }

    override var description: String { text }
}
