import Foundation
import Testing

/// `recordgen inspect` on CloudKit push payloads: the real ones in ../shared/conformance/ck-notifications, and a
/// malformed one the test writes.
@Suite struct InspectPushTests {
    private var pushes: String { (InspectFixtures.conformance ?? "") + "/ck-notifications" }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func coreDataDatabasePush() throws {
        let file = "malhal__MHFrameworkDemos__database-coredata-private-subscription.json"
        let run = try InspectRun.run([file], in: pushes)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("\(file): CloudKit push payload, database subscription, silent\n"))
        #expect(InspectRun.line(run.stdout, "subscription") == "subscription \"com.apple.coredata.cloudkit.private.subscription\"")
        #expect(InspectRun.line(run.stdout, "database") == "database     private")
        #expect(InspectRun.line(run.stdout, "zone") == "zone         com.apple.coredata.cloudkit.zone (owner _3cb3bd2b974a2f9d7e5a86f125e7be47)")
        #expect(InspectRun.line(run.stdout, "wakes app") == "wakes app    true")
        let doc = try InspectRun.json(file, in: pushes)
        #expect(doc["format"].string == "cloudKitPush")
        #expect(doc["kind"].string == "databaseNotification")
        #expect(doc["notification"]["databaseScope"].string == "private")
        #expect(doc["notification"]["zone"]["zoneName"].string == "com.apple.coredata.cloudkit.zone")
        #expect(doc["notification"]["silent"].bool == true)
    }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func visibleQueryPush() throws {
        let file = "brightdigit__MistKit__query-webcourier-alert-frame.json"
        let run = try InspectRun.run([file], in: pushes)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("\(file): CloudKit push payload, query subscription, visible\n"))
        #expect(InspectRun.line(run.stdout, "record") == "record       \"B61C8113-78DD-4ED1-9E62-4666F9888FE9\"")
        #expect(InspectRun.line(run.stdout, "reason") == "reason       created")
        #expect(InspectRun.line(run.stdout, "alert") == "alert        \"MistDemo push (token suffix: 429bd7)\"")
        let doc = try InspectRun.json(file, in: pushes)
        #expect(doc["kind"].string == "queryNotification")
        #expect(doc["notification"]["recordName"].string == "B61C8113-78DD-4ED1-9E62-4666F9888FE9")
        #expect(doc["notification"]["alert"]["body"].string == "MistDemo push (token suffix: 429bd7)")
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func malformedPushNamesTheMember() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"aps":{},"ck":{"qry":{"dbs":"one"}}}"#.utf8).write(to: folder.appendingPathComponent("push.json"))
        let run = try InspectRun.run(["push.json"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("push.json: CloudKit push payload, 1:"), "\(run.stderr)")
        #expect(run.stderr.contains("at ck.qry.dbs: expected an integer, found a string"), "\(run.stderr)")
    }
}
