import Foundation
import GRDB
import RecordKit
import RecordKitStore
import RecordKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// kill -9 while a store's projection is rebuilt at open: the worker (RecordKitStoreCrashWorker) opens a store whose
/// projection signature is stale, so its open rebuilds the projection of 20,000 notes, and is killed at a seeded
/// random moment, during the rebuild or after. The next open finds an intact file, rebuilds what was not
/// finished, and the projection equals the records.
@Suite struct ProjectionKillTests {
    @Test(.enabled(if: CrashWorker.path != nil, "RecordKitStoreCrashWorker was not built beside the tests"))
    func aRebuildKilledAtAnyMomentResumesAtTheNextOpen() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("rebuild.sqlite")
        let zone = RecordZoneID(zoneName: "note-zone")
        do {
            let store = try RecordStore(path: path, models: [Note.self])
            // One text file for every note: the store keeps it once (its folder is content-addressed).
            let text = TestAssetFiles.asset(containing: "a note's text")
            try store.save(contentsOf: (0..<20_000).map { n in
                Note(recordID: RecordID(recordName: "seed-\(n)", zoneID: zone), text: text,
                     modified: Date(timeIntervalSince1970: TimeInterval(n)))
            })
        }
        var random = SplitMix64(seed: 0xB1D)
        var killedBeforeOpening = 0
        for round in 0..<6 {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "UPDATE recordkit_state SET value = 'stale' WHERE key = 'projection.Note'") }
            try queue.close()
            let worker = try CrashWorker(databasePath: path, first: 1_000_000 * (round + 1), count: 1_000_000)
            defer { worker.reap() }
            usleep(UInt32(random.next() % 400_000))
            worker.killNine()
            let acks = try worker.readRemainingAcknowledgements()
            if acks.isEmpty { killedBeforeOpening += 1 }
            #expect(worker.status.map { $0 == SIGKILL } ?? false, "round \(round): the worker died of SIGKILL, not of an error: \(worker.errors())")

            let store = try RecordStore(path: path, models: [Note.self])
            #expect(try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
            #expect(try store.projectionMismatches() == [], "round \(round)")
            let signature = try store.database.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM recordkit_state WHERE key = 'projection.Note'")
            }
            #expect(signature != "stale")
        }
        print("projection kill test: 6 kills, \(killedBeforeOpening) before the worker's open finished")
    }
}
