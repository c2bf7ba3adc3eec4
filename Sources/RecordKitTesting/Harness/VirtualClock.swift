import Foundation
import RecordKitStore
import RecordKitSync

/// A clock for tests: every wait is recorded and returns at once, advancing virtual time, so backoff is
/// tested without sleeping.
///
/// It is also a store's clock (``currentDate()``), the device's wall clock that the store stamps merge clocks
/// with: it starts at 1970-01-01 00:00:00 UTC and moves only by ``advance(by:)``, never by the engine's waits, so
/// what a save stamps depends on the test's steps, not on the faults met on the way.
public actor VirtualClock: SyncClock, RecordStoreClock {
    /// Every wait asked for, in seconds, in order.
    public private(set) var waits: [Double] = []
    /// The virtual time elapsed in waits, in seconds.
    public private(set) var now: Double = 0

    // Read synchronously by the store: a lock, not the actor, guards it.
    private nonisolated let wallClock = WallClock()

    /// A clock at time zero.
    public init() {}

    public func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        waits.append(seconds)
        now += seconds
    }

    /// Moves the device's wall clock (``currentDate()``) on by `seconds`.
    public nonisolated func advance(by seconds: Double) {
        wallClock.advance(by: seconds)
    }

    /// The device's wall clock: 1970-01-01 00:00:00 UTC plus every ``advance(by:)``.
    public nonisolated func currentDate() -> Date {
        Date(timeIntervalSince1970: wallClock.seconds)
    }
}

/// Seconds of wall-clock time, behind a lock.
private final class WallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double = 0

    var seconds: Double {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func advance(by seconds: Double) {
        lock.lock()
        value += seconds
        lock.unlock()
    }
}
