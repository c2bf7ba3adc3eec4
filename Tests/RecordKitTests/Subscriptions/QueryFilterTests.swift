import Foundation
import RecordKit
import Testing

/// Query filters evaluated against records, comparator by comparator, and query subscriptions firing.
@Suite struct QueryFilterTests {
    static let zone = RecordZoneID(zoneName: "books", ownerName: "_me")
    static let paris = try? Location(latitude: 48.8566, longitude: 2.3522)
    static let versailles = try? Location(latitude: 48.8049, longitude: 2.1204)

    static func book(_ name: String = "b1") -> Record {
        var record = Record(recordType: "Book", id: RecordID(recordName: name, zoneID: zone))
        record["title"] = .string("Les Misérables, tome premier")
        record["pages"] = .int64(1232)
        record["rating"] = .double(4.5)
        record["published"] = .timestamp(Date(timeIntervalSince1970: -3_500_000_000))
        record["tags"] = try? .list([.string("classic"), .string("france")])
        record["shelf"] = .reference(Reference(recordID: RecordID(recordName: "shelf-1", zoneID: zone), action: .deleteSelf))
        if let versailles { record["place"] = .location(versailles) }
        return record
    }

    @Test(arguments: [
        (QueryFilter("pages", .equals, .int64(1232)), true),
        (QueryFilter("pages", .equals, .double(1232)), true),
        (QueryFilter("pages", .notEquals, .int64(1)), true),
        (QueryFilter("pages", .lessThan, .int64(1232)), false),
        (QueryFilter("pages", .lessThanOrEquals, .int64(1232)), true),
        (QueryFilter("rating", .greaterThan, .int64(4)), true),
        (QueryFilter("rating", .greaterThanOrEquals, .double(4.6)), false),
        (QueryFilter("published", .lessThan, .timestamp(Date(timeIntervalSince1970: 0))), true),
        (QueryFilter("title", .beginsWith, .string("Les Mis")), true),
        (QueryFilter("title", .beginsWith, .string("les")), false),
        (QueryFilter("title", .notBeginsWith, .string("Les")), false),
        (QueryFilter("title", .containsAllTokens, .string("MISERABLES premier")), true),
        (QueryFilter("title", .containsAllTokens, .string("miserables second")), false),
        (QueryFilter("title", .containsAnyTokens, .string("second TOME")), true),
        (QueryFilter("pages", .in, (try? .list([.int64(1), .int64(1232)])) ?? .int64(0)), true),
        (QueryFilter("pages", .notIn, (try? .list([.int64(1), .int64(1232)])) ?? .int64(0)), false),
        (QueryFilter("tags", .listContains, .string("france")), true),
        (QueryFilter("tags", .notListContains, .string("france")), false),
        (QueryFilter("tags", .listContainsAll, (try? .list([.string("france"), .string("classic")])) ?? .int64(0)), true),
        (QueryFilter("tags", .notListContainsAll, (try? .list([.string("france"), .string("poetry")])) ?? .int64(0)), true),
        (QueryFilter("tags", .notListContainsAny, (try? .list([.string("poetry"), .string("drama")])) ?? .int64(0)), true),
        (QueryFilter("tags", .listContainsAny, (try? .list([.string("poetry"), .string("france")])) ?? .int64(0)), true),
        (QueryFilter("tags", .listContainsAny, (try? .list([.string("poetry"), .string("drama")])) ?? .int64(0)), false),
        (QueryFilter("missing", .listContainsAny, (try? .list([.string("poetry")])) ?? .int64(0)), false),
        (QueryFilter("tags", .listMemberBeginsWith, .string("cla")), true),
        (QueryFilter("tags", .notListMemberBeginsWith, .string("fr")), false),
        (QueryFilter("shelf", .equals, .reference(Reference(recordID: RecordID(recordName: "shelf-1", zoneID: zone), action: .none))), true),
        (QueryFilter(QueryFilter.recordIDField, .equals, .reference(Reference(recordID: RecordID(recordName: "b1", zoneID: zone), action: .none))), true),
        (QueryFilter("title", .equals, .int64(3)), false),
        (QueryFilter("title", .lessThan, .int64(3)), false),
        (QueryFilter("missing", .equals, .int64(3)), false),
        (QueryFilter("missing", .notEquals, .int64(3)), true),
        (QueryFilter("missing", .notIn, .int64(3)), true),
        (QueryFilter("missing", .isNil, QueryFilter.noValue), true),
        (QueryFilter("missing", .isNotNil, QueryFilter.noValue), false),
        (QueryFilter("title", .isNil, QueryFilter.noValue), false),
        (QueryFilter("tags", .isNotNil, QueryFilter.noValue), true),
        (QueryFilter("shelf", .isNotNil, QueryFilter.noValue), true),
        (QueryFilter("place", .isNil, QueryFilter.noValue), false),
        (QueryFilter(QueryFilter.recordIDField, .isNil, QueryFilter.noValue), false),
        (QueryFilter(QueryFilter.creationDateField, .isNil, QueryFilter.noValue), true),
    ])
    func comparator(filter: QueryFilter, expected: Bool) {
        #expect(filter.isMet(by: Self.book()) == expected, "\(filter.fieldName) \(filter.comparator.rawValue)")
    }

    @Test func nearMeasuresTheGreatCircleDistance() throws {
        let paris = try #require(Self.paris)
        // Paris to Versailles is about 17.1 km.
        #expect(QueryFilter("place", .near, .location(paris), distance: 18_000).isMet(by: Self.book()))
        #expect(!QueryFilter("place", .near, .location(paris), distance: 16_000).isMet(by: Self.book()))
        #expect(!QueryFilter("place", .near, .location(paris)).isMet(by: Self.book()), "no distance, no match")
    }

    @Test func comparatorsAreNamedAsWebServicesWritesThem() {
        #expect(QueryComparator(rawValue: "LESS_THAN_OR_EQUALS") == .lessThanOrEquals)
        // The 21 of CloudKit JS's QueryFilterComparator, LIST_CONTAINS_ANY among them, and the two nil checks.
        #expect(QueryComparator.allCases.count == 23)
        #expect(Set(QueryComparator.allCases.map(\.rawValue)).count == 23)
        #expect(QueryComparator.allCases.filter { !$0.isCloudKitComparator } == [.isNil, .isNotNil])
    }

    @Test func anEmptyListIsAValueAndARemovedFieldIsNil() throws {
        var record = Self.book()
        record["tags"] = .list(.string([]))
        #expect(QueryFilter("tags", .isNotNil, QueryFilter.noValue).isMet(by: record))
        record["tags"] = nil
        #expect(QueryFilter("tags", .isNil, QueryFilter.noValue).isMet(by: record))
        #expect(!QueryFilter("tags", .isNotNil, QueryFilter.noValue).isMet(by: record))
    }

    @Test func querySubscriptionFiresOnMatchingChangesOnly() {
        let subscription = QuerySubscription(
            recordType: "Book", filters: [QueryFilter("pages", .greaterThan, .int64(1000))], zoneID: Self.zone,
            firesOn: [.recordCreation, .recordDeletion])
        let book = Self.book()
        #expect(subscription.isFired(by: book, change: .recordCreated))
        #expect(subscription.isFired(by: book, change: .recordDeleted))
        #expect(!subscription.isFired(by: book, change: .recordUpdated), "updates are not asked for")
        var short = book
        short["pages"] = .int64(90)
        #expect(!subscription.isFired(by: short, change: .recordCreated), "the filter does not hold")
        let elsewhere = Record(recordType: "Book", id: RecordID(recordName: "b2", zoneID: .default), fields: book.fields)
        #expect(!subscription.isFired(by: elsewhere, change: .recordCreated), "another zone")
        let other = Record(recordType: "Shelf", id: book.id, fields: book.fields)
        #expect(!subscription.isFired(by: other, change: .recordCreated), "another record type")
    }

    @Test func subscriptionsMatchTheirNotificationsAndAreSilentByDefault() throws {
        let subscription = Subscription(id: "notes-zone", kind: .recordZone(Self.zone))
        #expect(subscription.notificationInfo.isSilent)
        #expect(subscription.notificationInfo.shouldSendContentAvailable)
        let push = try CloudNotification.decode(Data(#"{"ck":{"fet":{"sid":"notes-zone","dbs":1,"zid":"books","zoid":"_me"}}}"#.utf8))
        #expect(subscription.matches(push))
        #expect(!Subscription(id: "other", kind: .database).matches(push))
        #expect(!SubscriptionNotificationInfo(alertBody: "New book").isSilent)
    }
}
