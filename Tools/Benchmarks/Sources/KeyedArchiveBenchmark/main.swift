// Decoding keyed archives: RecordKit's KeyedArchive against Foundation's NSKeyedUnarchiver on the same bytes.
// Run: swift run -c release --package-path Tools/Benchmarks KeyedArchiveBenchmark
import Foundation
import RecordKit

/// The target: our decoder at least this many times faster than Foundation's.
let requiredRatio = 50.0

struct Input {
    let name: String
    let data: Data
    let isToken: Bool
}

/// The real archives from `<repo>/../shared/conformance/keyed-archive` when present, else equivalent bytes
/// built with our encoder.
func loadInputs() -> [Input] {
    let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/conformance/keyed-archive").standardizedFileURL
    let files = [
        ("token, NSMutableData form (SyncKit)", "mentrena__SyncKit__serverChangeToken.AQAAAWPa1DUC", true),
        ("token, inline secure form (Passepartout)", "passepartoutvpn__passepartout__zone_changetoken.bplist", true),
        ("system fields (SyncKit QSCompany)", "mentrena__SyncKit__QSCompany.1739C6A5-C07E-48A5-B83E-AB07694F23DF", false),
    ]
    let real = files.compactMap { label, file, isToken in
        (try? Data(contentsOf: folder.appendingPathComponent(file))).map { Input(name: label + ", real file", data: $0, isToken: isToken) }
    }
    if real.count == files.count { return real }
    print("conformance folder not found at \(folder.path): using archives built by our encoder")
    let token = ServerChangeToken(data: Data([0x01, 0x00, 0x00, 0x01, 0x63, 0xda, 0xd4, 0x35, 0x02]))
    let zone = RecordZoneID(zoneName: "QSCloudKitCustomZoneName")
    let record = Record(
        recordType: "QSCompany",
        id: RecordID(recordName: "QSCompany.1739C6A5-C07E-48A5-B83E-AB07694F23DF", zoneID: zone),
        system: SystemFields(
            changeTag: "4", creationDate: Date(timeIntervalSinceReferenceDate: 523_319_906.484),
            creatorUserRecordName: "__defaultOwner__", modificationDate: Date(timeIntervalSinceReferenceDate: 523_319_906.484),
            lastModifiedUserRecordName: "__defaultOwner__", modifiedByDevice: "Manuel\u{2019}s MacBook Air"
        )
    )
    return [
        Input(name: "token (our encoder)", data: KeyedArchive.encodeChangeToken(token), isToken: true),
        Input(name: "system fields (our encoder)", data: KeyedArchive.encodeSystemFields(of: record), isToken: false),
    ]
}

/// CPU time this thread has used, in seconds: other processes on a shared machine do not inflate it.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Operations per CPU second of one round of `count` calls.
func round(_ count: Int, _ body: () throws -> Int) rethrows -> (opsPerSecond: Double, check: Int) {
    var check = 0
    let start = threadCPUSeconds()
    for _ in 0..<count { check &+= try body() }
    let seconds = threadCPUSeconds() - start
    return (Double(count) / max(seconds, 1e-9), check)
}

/// Times both decoders in alternating rounds and keeps each one's best round: the machine is shared, and the
/// best round is the one least disturbed by other work. Returns (ours, Foundation) operations per second.
func compare(
    rounds: Int, ours: () throws -> Int, oursPerRound: Int, theirs: () throws -> Int, theirsPerRound: Int
) rethrows -> (Double, Double) {
    var best = (0.0, 0.0)
    for _ in 0..<rounds {
        best.0 = max(best.0, try round(oursPerRound, ours).opsPerSecond)
        best.1 = max(best.1, try round(theirsPerRound, theirs).opsPerSecond)
    }
    return best
}

func format(_ value: Double) -> String { String(format: "%12.0f", value) }

var allPassed = true
print("KeyedArchiveBenchmark: decoding with RecordKit.KeyedArchive vs Foundation.NSKeyedUnarchiver (class names mapped)")
print("target: ours >= \(Int(requiredRatio))x Foundation; ops per thread-CPU second, best of 25 alternating rounds per side\n")
print("case".padding(toLength: 52, withPad: " ", startingAt: 0) + "   bytes      ours ops/s  Foundation ops/s    ratio  result")
do {
    for input in loadInputs() {
        // Both decoders must agree before they are timed.
        let ourCheck: Int
        let theirCheck: Int
        if input.isToken {
            ourCheck = try KeyedArchive.decodeChangeToken(input.data).data.count
            theirCheck = try foundationToken(input.data)
        } else {
            let record = try KeyedArchive.decodeRecord(input.data)
            ourCheck = record.recordType.count + record.id.recordName.count + (record.system.creationDate == nil ? 0 : 1)
                + (record.system.modificationDate == nil ? 0 : 1) + (record.system.creatorUserRecordName?.count ?? 0)
                + (record.system.lastModifiedUserRecordName?.count ?? 0) + (record.system.modifiedByDevice?.count ?? 0)
                + (record.system.changeTag?.count ?? 0)
            theirCheck = try foundationSystemFields(input.data)
        }
        guard ourCheck == theirCheck else {
            print("\(input.name): decoders disagree (\(ourCheck) vs \(theirCheck))")
            allPassed = false
            continue
        }
        let (ours, theirs) = try compare(
            rounds: 25,
            ours: {
                input.isToken ? try KeyedArchive.decodeChangeToken(input.data).data.count
                    : try KeyedArchive.decodeRecord(input.data).recordType.count
            },
            oursPerRound: input.isToken ? 20_000 : 4_000,
            theirs: { input.isToken ? try foundationToken(input.data) : try foundationSystemFields(input.data) },
            theirsPerRound: input.isToken ? 400 : 80
        )
        let ratio = ours / theirs
        let passed = ratio >= requiredRatio
        allPassed = allPassed && passed
        print(input.name.padding(toLength: 52, withPad: " ", startingAt: 0)
            + String(format: "%8d", input.data.count) + format(ours) + "    " + format(theirs)
            + String(format: "  %7.1fx", ratio) + "  " + (passed ? "PASS" : "FAIL"))
    }
} catch {
    print("error: \(error)")
    allPassed = false
}
print("\noverall: \(allPassed ? "PASS" : "FAIL") (ours >= \(Int(requiredRatio))x Foundation on every case)")
