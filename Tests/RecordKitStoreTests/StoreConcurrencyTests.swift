import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// WAL: readers never block the writer, and the writer never blocks readers.
///
/// The waits below are deadlock guards, not timings: each is signalled as soon as the other side finishes, and
/// times out (failing the test) only if one side blocked the other.
@Suite struct StoreConcurrencyTests {
    static let guardSeconds = 60

    @Test func aReadCompletesWhileALongWriteTransactionIsOpen() throws {
        let folder = try TemporaryFolder()
        let store = try RecordStore(path: folder.file("wal.sqlite"), models: [Note.self], clock: Fixtures.clock)
        try store.save(contentsOf: (0..<100).map { Fixtures.note("n\($0)") })

        let writeStarted = DispatchSemaphore(value: 0)
        let readDone = DispatchSemaphore(value: 0)
        let writerSawRead = Locked(false)
        let writerDone = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { writerDone.signal() }
            try? store.database.write { db in
                try db.execute(sql: "UPDATE recordkit_records SET generation = generation + 1000")
                writeStarted.signal()
                // The transaction stays open until the read is done: a read that waited for it would never finish.
                writerSawRead.value = readDone.wait(timeout: .now() + .seconds(Self.guardSeconds)) == .success
            }
        }
        writer.start()
        #expect(writeStarted.wait(timeout: .now() + .seconds(Self.guardSeconds)) == .success)
        let read = try store.fetchAll(Note.self)
        let pending = try store.nextPendingBatch(maxCount: 1000)
        readDone.signal()
        #expect(read.models.count == 100)
        #expect(pending.saves.allSatisfy { $0.generation <= 100 }, "the read sees the state before the open transaction")
        #expect(writerDone.wait(timeout: .now() + .seconds(Self.guardSeconds)) == .success)
        #expect(writerSawRead.value, "the read finished while the write transaction was open")
        #expect(try store.nextPendingBatch(maxCount: 1000).saves.allSatisfy { $0.generation > 1000 })
    }

    @Test func aWriteCommitsWhileALongReadIsOpen() throws {
        let folder = try TemporaryFolder()
        let store = try RecordStore(path: folder.file("wal.sqlite"), models: [Note.self], clock: Fixtures.clock)
        try store.save(contentsOf: (0..<10).map { Fixtures.note("n\($0)") })

        let writeError = Locked<String?>(nil)
        try store.database.read { db in
            let countInsideRead = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recordkit_records") ?? 0
            // The writer commits on another thread while this read transaction is open.
            let committed = DispatchSemaphore(value: 0)
            Thread {
                do { try store.save(Fixtures.note("during-read")) } catch { writeError.value = "\(error)" }
                committed.signal()
            }.start()
            #expect(committed.wait(timeout: .now() + .seconds(Self.guardSeconds)) == .success, "the write finished during the read")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recordkit_records") == countInsideRead, "the read keeps its snapshot")
        }
        #expect(writeError.value == nil)
        #expect(try store.fetch(Note.self, id: Fixtures.id("during-read")) != nil)
    }
}

/// A value shared between two threads of a test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
