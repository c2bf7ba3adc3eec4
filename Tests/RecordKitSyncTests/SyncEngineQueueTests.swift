import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The engine's calls wait their turn; a caller cancelled while it waits leaves the queue, and the others go on.
@Suite struct SyncEngineQueueTests {
    @Test func aCancelledCallerLeavesTheQueueAndTheOthersGoOn() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        try device.store.save(Fixtures.note("n1", text: "t", modified: 1))
        // The first send meets throttling and waits on a clock that lets it go only when the test says.
        await harness.simulator.injectFault(.rateLimit(retryAfter: 5), on: [.modifyRecords])
        let clock = GateClock()
        let engine = SyncEngine(
            store: device.store, database: device.connection, configuration: SyncConfiguration(zones: [Fixtures.zone]), clock: clock)
        let finished = FinishLog()
        let first = _Concurrency.Task {
            let result: Result<Void, SyncError>
            do throws(SyncError) {
                try await engine.sendChanges()
                result = .success(())
            } catch {
                result = .failure(error)
            }
            await finished.add("first")
            try result.get()
        }
        await clock.waitForSleeper()
        let second = _Concurrency.Task {
            let result: Result<Void, SyncError>
            do throws(SyncError) {
                try await engine.sendChanges()
                result = .success(())
            } catch {
                result = .failure(error)
            }
            await finished.add("second")
            try result.get()
        }
        // Let the second call reach the queue behind the first, which holds the turn.
        for _ in 0..<100 { await _Concurrency.Task.yield() }
        second.cancel()
        // The cancelled caller returns while the first still holds the turn (bounded: the first is let go after).
        await finished.waitFor(count: 1)
        await clock.open()
        try await first.value
        await #expect(throws: SyncError.cancelled) { try await second.value }
        #expect(await finished.names == ["second", "first"])
        #expect(try device.store.pendingCount() == 0)
        // The queue goes on: the next call gets its turn.
        try device.store.save(Fixtures.note("n2", text: "t", modified: 2))
        try await engine.sendChanges()
        #expect(await harness.simulator.serverRecords().count == 2)
    }

    @Test func aCallerCancelledBeforeItsTurnDoesNothing() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        try device.store.save(Fixtures.note("n1", text: "t", modified: 1))
        let engine = SyncEngine(
            store: device.store, database: device.connection, configuration: SyncConfiguration(zones: [Fixtures.zone]),
            clock: GateClock())
        let cancelled = _Concurrency.Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await engine.sendChanges()
        }
        await #expect(throws: SyncError.cancelled) { try await cancelled.value }
        #expect(try device.store.pendingCount() == 1)
        #expect(await harness.simulator.serverRecords().isEmpty)
    }
}

/// The order in which calls finished.
private actor FinishLog {
    private(set) var names: [String] = []
    func add(_ name: String) { names.append(name) }

    /// Returns once `count` calls finished, or after a bounded number of turns of the executor.
    func waitFor(count: Int) async {
        var turns = 0
        while names.count < count && turns < 10_000 {
            await _Concurrency.Task.yield()
            turns += 1
        }
    }
}

/// A clock whose waits last until the test opens them.
private actor GateClock: SyncClock {
    private var sleepers: [CheckedContinuation<Void, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []

    func sleep(seconds: Double) async throws {
        await withCheckedContinuation { continuation in
            sleepers.append(continuation)
            for watcher in watchers { watcher.resume() }
            watchers = []
        }
    }

    /// Returns once something waits on the clock.
    func waitForSleeper() async {
        guard sleepers.isEmpty else { return }
        await withCheckedContinuation { watchers.append($0) }
    }

    /// Ends every wait.
    func open() {
        for sleeper in sleepers { sleeper.resume() }
        sleepers = []
    }
}
