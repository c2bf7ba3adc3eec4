import Foundation
import RecordKit
import Testing

/// The real push payloads in ../shared/conformance/ck-notifications, each read field by field.
@Suite(.enabled(if: NotificationFiles.folder != nil, "needs ../shared/conformance/ck-notifications"))
struct NotificationConformanceTests {
    @Test func webCourierQueryAlert() throws {
        let push = try NotificationFiles.decode("brightdigit__MistKit__query-webcourier-alert-frame.json")
        let zone = RecordZoneID(zoneName: "_defaultZone", ownerName: "_aca0fa")
        #expect(push.kind == .query(recordID: RecordID(recordName: "B61C8113-78DD-4ED1-9E62-4666F9888FE9", zoneID: zone), reason: .recordCreated))
        #expect(push.subscriptionID == "MistDemo.pushToken")
        #expect(push.databaseScope == .private)
        #expect(push.containerIdentifier == "iCloud.com.brightdigit.MistDemo")
        #expect(push.notificationID == "c17cf8c1-5567-4635-b650-9aba0cd9acdc")
        #expect(push.userRecordName == "_aca0fa")
        #expect(push.alert.body == "MistDemo push (token suffix: 429bd7)")
        #expect(!push.isSilent)
        #expect(!push.isContentAvailable)
        #expect(push.zoneID == zone)
    }

    @Test func webCourierQuerySilent() throws {
        let push = try NotificationFiles.decode("brightdigit__MistKit__query-webcourier-silent-frame.json")
        #expect(push.subscriptionID == "MistDemo.noteCreated")
        #expect(push.isSilent)
        #expect(push.isContentAvailable)
        guard case let .query(recordID, reason) = push.kind else {
            Issue.record("expected a query notification, got \(push.kind)")
            return
        }
        #expect(recordID?.recordName == "B61C8113-78DD-4ED1-9E62-4666F9888FE9")
        #expect(reason == .recordCreated)
    }

    @Test func coreDataPrivateDatabaseSubscription() throws {
        let push = try NotificationFiles.decode("malhal__MHFrameworkDemos__database-coredata-private-subscription.json")
        let zone = RecordZoneID(zoneName: "com.apple.coredata.cloudkit.zone", ownerName: "_3cb3bd2b974a2f9d7e5a86f125e7be47")
        #expect(push.kind == .database(zoneID: zone))
        #expect(push.subscriptionID == "com.apple.coredata.cloudkit.private.subscription")
        #expect(push.databaseScope == .private)
        #expect(push.containerIdentifier == "iCloud.com.malcolmhall.CloudEvents")
        #expect(push.notificationID == "65377a79-8c7e-42ca-b755-8e515ce42c1d")
        #expect(push.isSilent && push.isContentAvailable)
    }

    @Test func customZoneDatabaseSubscription() throws {
        let push = try NotificationFiles.decode("tact__Thoughts__database-customzone-redacted-fixture.json")
        #expect(push.kind == .database(zoneID: RecordZoneID(zoneName: "Thoughts", ownerName: "_deadbeef8badf00dd637d6f1feedface")))
        #expect(push.subscriptionID == "PrivateThoughtsZone")
        #expect(push.databaseScope == .private)
        #expect(push.containerIdentifier == "iCloud.com.justtact.Thoughts")
    }

    @Test func cloudKitJSListenerObject() throws {
        let push = try NotificationFiles.decode("typescriptlibs__tsl-apple-cloudkit__database-coredata-cloudkitjs-issue22.json")
        #expect(push.kind == .database(zoneID: RecordZoneID(zoneName: "com.apple.coredata.cloudkit.zone", ownerName: "_85bc87478f3f4b2674583752b91e8249")))
        #expect(push.containerIdentifier == "<MY ID>")
        #expect(push.userRecordName == "<MY USER ID>")
    }

    @Test func payloadWithoutASubscriptionKind() throws {
        let push = try NotificationFiles.decode("evermeer__EVCloudKitDao__generic-ck-without-subtype-issue53.json")
        #expect(push.kind == .unspecified)
        #expect(push.subscriptionID == nil && push.databaseScope == nil && push.zoneID == nil)
        #expect(push.containerIdentifier == "iCloud.com.tommyb.Marquees")
        #expect(push.notificationID == "363ec9be-24c5-4c2f-949e-5989c0567272")
        #expect(push.isSilent && !push.isContentAvailable)
    }

    /// Apple's technote printed this payload with `met` redacted to the text "{…}": the reader says where the
    /// object it needs is not one, rather than guessing.
    @Test func redactedTechnotePayloadIsATypedError() throws {
        let data = try NotificationFiles.data("theAppLaunchers__apple-docs-for-rag__database-TN3163-redacted.json")
        #expect {
            _ = try CloudNotification.decode(data)
        } throws: { error in
            guard let error = error as? WebServicesError, case .typeMismatch = error.reason else { return false }
            return error.pathDescription == "ck.met" && error.line > 0
        }
    }

    @Test func everyFileIsCovered() throws {
        let tested: Set = [
            "brightdigit__MistKit__query-webcourier-alert-frame.json",
            "brightdigit__MistKit__query-webcourier-silent-frame.json",
            "malhal__MHFrameworkDemos__database-coredata-private-subscription.json",
            "tact__Thoughts__database-customzone-redacted-fixture.json",
            "typescriptlibs__tsl-apple-cloudkit__database-coredata-cloudkitjs-issue22.json",
            "evermeer__EVCloudKitDao__generic-ck-without-subtype-issue53.json",
            "theAppLaunchers__apple-docs-for-rag__database-TN3163-redacted.json",
        ]
        #expect(Set(try NotificationFiles.jsonFiles()) == tested)
    }
}

/// Finds `../shared/conformance/ck-notifications` beside the repository.
enum NotificationFiles {
    static let folder = ConformanceFiles.folder("ck-notifications")

    static func data(_ name: String) throws -> Data {
        guard let folder else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func decode(_ name: String) throws -> CloudNotification {
        try CloudNotification.decode(data(name))
    }

    static func jsonFiles() throws -> [String] {
        guard let folder else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    }
}
