import RecordKitSync

/// A clock for tests: every wait is recorded and returns at once, advancing virtual time, so backoff is
/// tested without sleeping.
public actor VirtualClock: SyncClock {
    /// Every wait asked for, in seconds, in order.
    public private(set) var waits: [Double] = []
    /// The virtual time elapsed, in seconds.
    public private(set) var now: Double = 0

    /// A clock at time zero.
    public init() {}

    public func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        waits.append(seconds)
        now += seconds
    }
}
