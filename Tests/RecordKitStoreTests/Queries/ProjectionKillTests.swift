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
/// projection signature is stale, so its open rebuilds the projection of 20,000 notes in batches, and is killed at
/// a seeded random moment, during the rebuild or after. The next open finds an intact file, continues what was not
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

    /// The rebuild's progress as the store keeps it: the rowid of the last records row built; nil when no rebuild
    /// is under way.
    static func progress(_ db: Database) throws -> Int64? {
        try String.fetchOne(db, sql: "SELECT value FROM recordkit_state WHERE key = 'projectionRebuild.Note'")
            .flatMap { Int64($0.prefix { $0 != ";" }) }
    }

    /// kill -9 once the worker's batched rebuild has committed past a seeded random point: the next open continues
    /// after the last committed batch (its report says from where, and it runs only the batches left), and the
    /// projection equals the records.
    @Test(.enabled(if: CrashWorker.path != nil, "RecordKitStoreCrashWorker was not built beside the tests"))
    func aKilledBatchedRebuildContinuesAfterItsLastCommittedBatch() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("batches.sqlite")
        let zone = RecordZoneID(zoneName: "note-zone")
        let batchSize = 200
        do {
            let store = try RecordStore(path: path, models: [Note.self])
            let text = TestAssetFiles.asset(containing: "a note's text")
            try store.save(contentsOf: (0..<6_000).map { n in
                Note(recordID: RecordID(recordName: "seed-\(n)", zoneID: zone), text: text, modified: Date(timeIntervalSince1970: TimeInterval(n)))
            })
        }
        var random = SplitMix64(seed: 0xBA7C)
        for round in 0..<4 {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "UPDATE recordkit_state SET value = 'stale' WHERE key = 'projection.Note'") }
            let rowids = try queue.read { db in
                try Int64.fetchAll(db, sql: "SELECT rowid FROM recordkit_records WHERE recordType = 'Note' ORDER BY rowid")
            }
            // Kill once the rebuild has committed a batch past a random record, at most 90% of the way.
            let target = rowids[Int(random.next() % UInt64(rowids.count * 9 / 10))]
            let worker = try CrashWorker(arguments: ["rebuild", path, String(batchSize)])
            defer { worker.reap() }
            var polls = 0
            while try queue.read({ db in try Self.progress(db) }) ?? 0 < target, polls < 30_000 {
                usleep(1_000)  // bounded: 30 s at most
                polls += 1
            }
            worker.killNine()
            _ = try worker.readRemainingAcknowledgements()
            #expect(worker.status.map { $0 == SIGKILL } ?? false, "round \(round): killed mid-rebuild, not ended: \(worker.errors())")
            let (progress, built, upToProgress) = try queue.read { db in
                let progress = try Self.progress(db)
                let built = try Int.fetchOne(db, sql: "SELECT count(*) FROM recordkit_q_Note_new") ?? -1
                let upTo = try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM recordkit_records WHERE recordType = 'Note' AND value IS NOT NULL AND rowid <= ?
                    """, arguments: [progress ?? 0]) ?? -2
                return (progress, built, upTo)
            }
            try queue.close()
            let resumedAfter = try #require(progress, "round \(round): the rebuild was under way")
            #expect(resumedAfter >= target)
            #expect(built == upToProgress, "round \(round): the new table holds exactly the committed batches")

            let store = try RecordStore(path: path, models: [Note.self], options: RecordStoreOptions(projectionRebuildBatchSize: batchSize))
            let report = try #require(store.projectionRebuilds.first { $0.recordType == "Note" })
            let left = rowids.filter { $0 > resumedAfter }.count
            #expect(report.resumedAfterRowid == resumedAfter, "round \(round): continued, not restarted")
            #expect(report.batches == (left + batchSize - 1) / batchSize, "round \(round): only the batches left")
            #expect(report.reprojected == 0)
            #expect(try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
            #expect(try store.projectionMismatches() == [], "round \(round)")
            #expect(try store.database.read { db in try Self.progress(db) } == nil)
            #expect(try store.count(ModelQuery<Note>()) == rowids.count)
        }
    }
}
