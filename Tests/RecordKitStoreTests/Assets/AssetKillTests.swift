import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// kill -9 between an asset's copy and the commit that references it: RecordKitStoreCrashWorker (in `assets`
/// mode) saves notes whose text is a file, announcing each chunk it copies into the asset folder; the test kills
/// it on such an announcement (or, every third round, after a random number of acknowledgements), then opens the
/// store and checks: every acknowledged note is stored, every stored note's file is in the folder with the
/// bytes it was saved with, and nothing else is left in the folder (no unfinished copy, no unreferenced file).
///
/// 12 kills by default; `RECORDKIT_ASSET_KILLS` runs more.
@Suite struct AssetKillTests {
    static var kills: Int { ProcessInfo.processInfo.environment["RECORDKIT_ASSET_KILLS"].flatMap(Int.init) ?? 12 }

    @Test(.enabled(if: CrashWorker.path != nil, "RecordKitStoreCrashWorker was not built beside the tests"))
    func noReferenceToAMissingFileAndNoOrphanAfterKillNine() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("killed.sqlite")
        let assetFolder = URL(fileURLWithPath: path + ".assets")
        var random = SplitMix64(seed: 0xA55E7)
        var acknowledged = Set<Int>()
        var next = 0
        var killedAfterACopy = 0
        for kill in 0..<Self.kills {
            let worker = try CrashWorker(databasePath: path, first: next, count: 1_000_000, extraArguments: ["assets"])
            defer { worker.reap() }
            var acks: [Int]
            if kill % 3 == 2 {
                acks = try worker.readAcknowledgements(atLeast: Int(random.next() % 20) + 1)
                usleep(UInt32(random.next() % 400))
            } else {
                // Let a few saves commit, then kill right after a chunk of the next copy is written.
                acks = try worker.readAcknowledgements(atLeast: Int(random.next() % 5) + 1)
                let (more, sawCopy) = try worker.readAcknowledgements(untilLine: "copied")
                acks += more
                if sawCopy { killedAfterACopy += 1 }
            }
            worker.killNine()
            acks += try worker.readRemainingAcknowledgements()
            #expect(worker.status.map { $0 == SIGKILL } ?? false, "kill \(kill): the worker died of SIGKILL, not of an error: \(worker.errors())")
            acknowledged.formUnion(acks)
            next = (acknowledged.max() ?? -1) + 1

            let store = try RecordStore(database: try DatabaseQueue(path: path), models: [Note.self], assetFolder: assetFolder)
            let notes = try store.fetchAll(Note.self).models
            let stored = Dictionary(notes.map { ($0.recordID.recordName, $0) }, uniquingKeysWith: { first, _ in first })
            let lost = acknowledged.filter { stored["note-\($0)"] == nil }
            #expect(lost.isEmpty, "kill \(kill): acknowledged saves lost: \(lost.sorted().prefix(10))")
            var referenced = Set<String>()
            for note in notes {
                let url = try #require(note.text.fileURL)
                #expect(url.deletingLastPathComponent().standardizedFileURL.path == assetFolder.standardizedFileURL.path)
                let number = note.recordID.recordName.dropFirst("note-".count)
                let bytes = try? Data(contentsOf: url)
                #expect(bytes == Data(String(repeating: "note \(number)\n", count: 400).utf8), "kill \(kill): \(note.recordID.recordName) references a missing or wrong file")
                referenced.insert(url.lastPathComponent)
            }
            let contents = Set(try FileManager.default.contentsOfDirectory(atPath: assetFolder.path))
            let orphans = contents.subtracting(referenced).sorted()
            #expect(orphans.isEmpty, "kill \(kill): the folder holds files no note references: \(orphans.prefix(5))")
        }
        #expect(killedAfterACopy > 0, "at least one kill landed after an asset copy")
        print("asset kill test: \(Self.kills) kills, \(killedAfterACopy) right after a copy, \(acknowledged.count) acknowledged saves")
    }
}
