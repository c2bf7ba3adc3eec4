import Foundation
import Testing

/// `recordgen inspect` on the real files in ../shared/conformance: what Apple's CloudKit archived and what the
/// Web Services returned. Skipped when that folder is absent.
@Suite struct InspectConformanceTests {
    private var keyed: String { (InspectFixtures.conformance ?? "") + "/keyed-archive" }
    private var ckws: String { (InspectFixtures.conformance ?? "") + "/ckws" }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func olderTokenArchive() throws {
        let run = try InspectRun.run(["mentrena__SyncKit__serverChangeToken.AQAAAWPa1DUC"], in: keyed)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(InspectRun.line(run.stdout, "token") == "token        9 bytes: 0100000163dad43502")
        let doc = try InspectRun.json("mentrena__SyncKit__serverChangeToken.AQAAAWPa1DUC", in: keyed)
        #expect(doc["token"]["hex"].string == "0100000163dad43502")
        #expect(doc["token"]["base64"].string == "AQAAAWPa1DUC")
    }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func secureCodingTokenArchive() throws {
        let run = try InspectRun.run(["passepartoutvpn__passepartout__zone_changetoken.bplist"], in: keyed)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("NSKeyedArchiver archive, CKServerChangeToken"))
        #expect(InspectRun.line(run.stdout, "token")?.hasPrefix("token        33 bytes: 1f0a0308a102") == true)
    }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func systemFieldsArchive() throws {
        let file = "mentrena__SyncKit__QSCompany.1739C6A5-C07E-48A5-B83E-AB07694F23DF"
        let run = try InspectRun.run([file], in: keyed)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(InspectRun.line(out, "type") == "type         QSCompany")
        #expect(InspectRun.line(out, "name") == "name         QSCompany.1739C6A5-C07E-48A5-B83E-AB07694F23DF")
        #expect(InspectRun.line(out, "zone") == "zone         QSCloudKitCustomZoneName (owner __defaultOwner__)")
        #expect(InspectRun.line(out, "change tag") == "change tag   4")
        #expect(InspectRun.line(out, "created") == "created      2017-08-01T22:38:26.484Z by __defaultOwner__")
        let doc = try InspectRun.json(file, in: keyed)
        #expect(doc["kind"].string == "systemFields")
        #expect(doc["record"]["changeTag"].string == "4")
        #expect(doc["record"]["created"]["date"]["milliseconds"].int == 1_501_627_106_484)
    }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func wholeRecordArchive() throws {
        let run = try InspectRun.run(["insidegui__CloudKitCodable__Rambo.ckrecord"], in: keyed)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.hasPrefix("insidegui__CloudKitCodable__Rambo.ckrecord: NSKeyedArchiver archive, whole CKRecord\n"))
        #expect(InspectRun.line(out, "name ") == "name         1C0F1D79-F80C-74AF-9F9E-6A1581E7CD73")
        #expect(InspectRun.line(out, "change tag") == "change tag   jh3gjmdt")
        #expect(InspectRun.line(out, "created") == "created      2018-05-12T14:00:05.465Z by __defaultOwner__")
        #expect(InspectRun.line(out, "modified") == "modified     2018-05-12T14:00:53.433Z by __defaultOwner__")
        #expect(out.contains("\n  name         STRING  \"Guilherme Rambo\"\n"))
        #expect(out.contains("\n  age          INT64   26\n"))
        let doc = try InspectRun.json("insidegui__CloudKitCodable__Rambo.ckrecord", in: keyed)
        #expect(doc["record"]["fields"]["avatar"]["value"]["size"].int == 931_862)
        #expect(doc["record"]["modified"]["date"]["milliseconds"].int == 1_526_133_653_433)
    }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func recordsQueryResponse() throws {
        let file = "icloudpd/listing_albums__06_private_records_query.response.json"
        let run = try InspectRun.run([file, "--limit", "2"], in: ckws)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("records response: 17 records"))
        #expect(run.stdout.contains("entry 1 of 17\n  type         CPLAlbum\n  name         ----Root-Folder----\n"))
        #expect(InspectRun.line(run.stdout, "change tag") == "change tag   34sz")
        #expect(InspectRun.line(run.stdout, "created") == "created      2015-04-10T18:56:28.711Z by _ab776cbd7a4be817e6258511022b3e3c")
        #expect(run.stdout.contains("albumNameEnc            ENCRYPTED BYTES"))
        #expect(run.stdout.contains("… 15 entries not shown"))
        let doc = try InspectRun.json(file, in: ckws)
        #expect(doc["entries"]["count"].int == 17)
        #expect(doc["entries"]["items"][0]["record"]["created"]["date"]["milliseconds"].int == 1_428_692_188_711)
    }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func zonesResponseToken() throws {
        let file = "icloudpd/listing_albums__03_private_zones_list.response.json"
        let doc = try InspectRun.json(file, in: ckws)
        #expect(doc["kind"].string == "zonesResponse")
        #expect(doc["syncToken"]["base64"].string == "AQAAAAAAAwmVf//////////Kd+LphRdKGbpJMSeRX5Td")
        #expect(doc["zones"]["items"][0]["zone"]["zoneName"].string == "PrimarySync")
        let run = try InspectRun.run([file], in: ckws)
        #expect(InspectRun.line(run.stdout, "sync token") == "sync token   33 bytes: 0100000000000309957fffffffffffffffca77e2e985174a19ba493127915f94dd")
    }

    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func errorBody() throws {
        let run = try InspectRun.run(["apple_docs/error_AUTHENTICATION_REQUIRED.json"], in: ckws)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(InspectRun.line(run.stdout, "error") == "error        AUTHENTICATION_REQUIRED")
        #expect(InspectRun.line(run.stdout, "reason") == "reason       request needs authorization")
    }

    /// Every real JSON body is shown, in text and as parseable JSON.
    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func everyRealBodyIsShown() throws {
        let folders = ["apple_docs", "icloudpd", "observed_errors"]
        var checked = 0
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: ckws + "/" + folder).filter { $0.hasSuffix(".json") }
            for name in names.sorted() {
                let path = folder + "/" + name
                let text = try InspectRun.run([path], in: ckws)
                #expect(text.status == 0, "\(path): \(text.stderr)")
                #expect(text.stdout.hasPrefix("\(path): CloudKit Web Services JSON, "))
                let doc = try InspectRun.json(path, in: ckws)
                #expect(doc["format"].string == "webServicesJSON", "\(path)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    /// The mocks hold Swift interpolation placeholders: those that are not JSON fail with the codec's position.
    @Test(.enabled(if: InspectFixtures.canRunConformance))
    func templateWithPlaceholdersFailsClearly() throws {
        let run = try InspectRun.run(["cloudykit_mocks/testFetchRecord__response.json.swifttemplate"], in: ckws)
        #expect(run.status == 1)
        // Values the decoder only skips name their path too (down to the member that holds the placeholder).
        #expect(run.stderr.contains("CloudKit Web Services JSON, 8:34 (byte 267) at records[0].created.timestamp: invalid JSON"), "\(run.stderr)")
    }
}
