import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKitOnStandIn
import Testing

/// A push's `userInfo` through `CKNotification(fromRemoteNotificationDictionary:)` into a `CloudNotification`: the
/// kind, subscription, database, zone and record, as RecordKit's own payload reader reads the same payload.
@Suite struct NotificationBridgeTests {
    private func userInfo(_ ck: [String: Any]) -> [AnyHashable: Any] {
        ["aps": ["content-available": 1], "ck": ck]
    }

    @Test func aQueryPushNamesItsRecordAndReason() throws {
        let push = try #require(CloudNotification(remoteNotification: userInfo([
            "cid": "iCloud.example", "qry": ["sid": "notes", "zid": "notes", "zoid": "_owner", "rid": "n1", "fo": 3, "dbs": 1],
        ])))
        let zone = RecordZoneID(zoneName: "notes", ownerName: "_owner")
        #expect(push.kind == .query(recordID: RecordID(recordName: "n1", zoneID: zone), reason: .recordDeleted))
        #expect(push.subscriptionID == "notes")
        #expect(push.databaseScope == .private)
        #expect(push.containerIdentifier == "iCloud.example")
    }

    @Test func aZonePushNamesItsZone() throws {
        let push = try #require(CloudNotification(remoteNotification: userInfo(["fet": ["sid": "z", "zid": "notes", "dbs": 2]])))
        #expect(push.kind == .recordZone(RecordZoneID(zoneName: "notes")))
        #expect(push.databaseScope == .shared)
        #expect(push.subscriptionID == "z")
    }

    @Test func aDatabasePushNamesNoZoneThroughCloudKit() throws {
        // CKDatabaseNotification has no zone: the engine fetches the database's changes for it.
        let push = try #require(CloudNotification(remoteNotification: userInfo(["met": ["sid": "db", "zid": "notes", "dbs": 1]])))
        #expect(push.kind == .database(zoneID: nil))
        #expect(push.subscriptionID == "db")
        #expect(push.databaseScope == .private)
    }

    @Test func aPayloadThatIsNoCloudKitPushIsNil() {
        #expect(CloudNotification(remoteNotification: ["aps": ["alert": "hello"]]) == nil)
        #expect(CloudNotification(remoteNotification: [:]) == nil)
    }

    /// Every real payload of ../shared/conformance/ck-notifications reads as RecordKit's own reader reads it, but
    /// for what `CKNotification` does not carry (a database push's zone, the notification ID, the alert).
    @Test(.enabled(if: Self.folder != nil, "needs ../shared/conformance/ck-notifications"))
    func realPayloadsReadAsRecordKitsReaderReadsThem() throws {
        let folder = try #require(Self.folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(file)")
            let bridged = CloudNotification(remoteNotification: json)
            guard let own = try? CloudNotification.decode(data) else {
                // A payload RecordKit's reader refuses (a redacted `met` that is a string) makes no subclass either.
                #expect(bridged == nil || bridged?.kind == .unspecified, "\(file)")
                continue
            }
            guard let bridged else {
                // A payload that names no kind of subscription is no CKNotification subclass.
                #expect(own.kind == .unspecified, "\(file)")
                continue
            }
            var expected = own.kind
            if case .database = own.kind { expected = .database(zoneID: nil) }
            #expect(bridged.kind == expected, "\(file)")
            #expect(bridged.subscriptionID == own.subscriptionID, "\(file)")
            #expect(bridged.databaseScope == own.databaseScope, "\(file)")
            #expect(bridged.containerIdentifier == own.containerIdentifier, "\(file)")
        }
    }

    private static let folder: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/conformance/ck-notifications")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }()
}
