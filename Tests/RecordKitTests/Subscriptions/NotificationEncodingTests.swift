import Foundation
import RecordKit
import Testing

/// `CloudNotification.encoded()` writes what `decode` reads: every kind and alert shape round-trips, the bytes
/// are stable, and the real payloads survive a round trip.
@Suite struct NotificationEncodingTests {
    static let zone = RecordZoneID(zoneName: "notes", ownerName: "_owner")

    static let samples: [CloudNotification] = [
        CloudNotification(kind: .query(recordID: RecordID(recordName: "r1", zoneID: zone), reason: .recordUpdated),
                          subscriptionID: "q", databaseScope: .public, containerIdentifier: "iCloud.a",
                          notificationID: "n1", userRecordName: "_u"),
        CloudNotification(kind: .query(recordID: nil, reason: nil), subscriptionID: "pruned", databaseScope: .private),
        CloudNotification(kind: .recordZone(zone), subscriptionID: "z", databaseScope: .shared, isContentAvailable: true),
        CloudNotification(kind: .recordZone(nil), subscriptionID: "z2"),
        CloudNotification(kind: .database(zoneID: zone), subscriptionID: "db", databaseScope: .private,
                          alert: .init(title: "T", subtitle: "S", body: "B", badge: 2, sound: "s", category: "c"),
                          isContentAvailable: false),
        CloudNotification(kind: .database(zoneID: nil), alert: .init(body: "only a body")),
        CloudNotification(kind: .unspecified, containerIdentifier: "iCloud.b", notificationID: "n2", isContentAvailable: false),
    ]

    @Test(arguments: samples)
    func roundTrip(notification: CloudNotification) throws {
        let data = notification.encoded()
        let decoded = try CloudNotification.decode(data)
        #expect(decoded == notification, "\(String(decoding: data, as: UTF8.self))")
        #expect(decoded.encoded() == data)
    }

    @Test func silentDatabasePushBytes() {
        let push = CloudNotification(kind: .database(zoneID: Self.zone), subscriptionID: "db", databaseScope: .private,
                                     notificationID: "n")
        #expect(String(decoding: push.encoded(), as: UTF8.self)
            == #"{"aps":{"content-available":1},"ck":{"met":{"dbs":1,"sid":"db","zid":"notes","zoid":"_owner"},"nid":"n"}}"#)
    }

    @Test(.enabled(if: NotificationFiles.folder != nil, "needs ../shared/conformance/ck-notifications"))
    func realPayloadsRoundTrip() throws {
        var checked = 0
        for name in try NotificationFiles.jsonFiles().sorted() {
            guard let push = try? NotificationFiles.decode(name) else { continue }
            #expect(try CloudNotification.decode(push.encoded()) == push, "\(name)")
            checked += 1
        }
        #expect(checked == 6)
    }
}
