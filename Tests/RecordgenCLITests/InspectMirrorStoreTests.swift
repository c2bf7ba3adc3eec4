import Foundation
import Testing

/// `recordgen inspect` on the real NSPersistentCloudKitContainer store in ../shared/conformance/coredata-mirror.
@Suite struct InspectMirrorStoreTests {
    private var folder: String { (InspectFixtures.conformance ?? "") + "/coredata-mirror" }
    private let file = "passepartoutvpn__passepartout__Profiles.sqlite"

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func textShowsTokensRecordsAndPendingCounts() throws {
        let run = try InspectRun.run([file, "--limit", "0"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.hasPrefix("\(file): Core Data mirror store (NSPersistentCloudKitContainer), 18 records\n"))
        #expect(InspectRun.line(out, "pending") == "pending      0 uploads, 0 cloud deletes, 0 local deletes")
        #expect(out.contains("zone com.apple.coredata.cloudkit.zone (owner __defaultOwner__)\n"))
        #expect(out.contains("token        33 bytes: 1f0a0308a102"))
        #expect(out.contains("database Private (scope 2)\n"))
        #expect(out.components(separatedBy: "\nrecord ").count - 1 == 18)
        #expect(out.contains("record EDE25F4F-C910-40E0-A567-7D57ACAC4646\n"))
        #expect(out.contains("server record CD_CDProfile, change tag 7m, "))
        #expect(!out.contains("problem"))
    }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func jsonHoldsEveryRecordWithItsServerRecord() throws {
        let doc = try InspectRun.json(file, ["--limit", "0"], in: folder)
        #expect(doc["format"].string == "coreDataMirrorStore")
        #expect(doc["recordCount"].int == 18)
        #expect(doc["records"].count == 18)
        #expect(doc["pending"]["uploads"].int == 0)
        #expect(doc["zones"][0]["changeToken"]["byteCount"].int == 33)
        #expect(doc["zones"][0]["existsOnServer"].bool == true)
        #expect(doc["databases"][0]["name"].string == "Private")
        #expect(doc["records"][1]["id"]["recordName"].string == "EDE25F4F-C910-40E0-A567-7D57ACAC4646")
        #expect(doc["records"][1]["serverRecord"]["changeTag"].string == "7m")
        #expect(doc["records"][1]["entity"].string == "CDProfile")
        #expect(doc["problems"].count == 0)
    }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func theDefaultLimitShortensTheRecordList() throws {
        let run = try InspectRun.run([file, "--limit", "2"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "\nrecord ").count - 1 == 2)
        #expect(run.stdout.contains("... 16 more records (--limit 0 shows all)"))
    }
}
