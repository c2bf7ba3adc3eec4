/// What the engine waits on between retries: a real clock in apps, a virtual one in tests (which never sleep).
public protocol SyncClock: Sendable {
    /// Waits `seconds`; throws if the task is cancelled.
    func sleep(seconds: Double) async throws
}

/// The real clock: `Task.sleep`.
public struct TaskSleepClock: SyncClock {
    /// Creates the real clock.
    public init() {}

    public func sleep(seconds: Double) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
