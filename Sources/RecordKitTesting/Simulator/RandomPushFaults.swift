/// Push faults drawn at random, one draw per push queued: each fault has its chance, and a push meets none with
/// what is left (1 minus the sum of the chances).
///
/// ```swift
/// // 30% of pushes lost, the rest coalesced or duplicated.
/// await simulator.setRandomPushFaults(RandomPushFaults(drop: 0.3, coalesce: 0.35, duplicate: 0.35))
/// ```
public struct RandomPushFaults: Sendable, Hashable {
    /// The chance that a push is dropped (``PushFault/drop``).
    public var drop: Double
    /// The chance that a push is held back (``PushFault/delay``).
    public var delay: Double
    /// The chance that a push merges into one not taken yet (``PushFault/coalesce``).
    public var coalesce: Double
    /// The chance that a push arrives twice (``PushFault/duplicate``).
    public var duplicate: Double
    /// The chance that a push arrives before its change is visible (``PushFault/beforeVisible``).
    public var beforeVisible: Double

    /// A plan of push faults; the chances are in 0...1 and should add up to at most 1.
    public init(drop: Double = 0, delay: Double = 0, coalesce: Double = 0, duplicate: Double = 0, beforeVisible: Double = 0) {
        self.drop = drop
        self.delay = delay
        self.coalesce = coalesce
        self.duplicate = duplicate
        self.beforeVisible = beforeVisible
    }

    /// Each fault with its chance, in a fixed order so that a seed always draws the same faults.
    var chances: [(PushFault, Double)] {
        [(.drop, drop), (.delay, delay), (.coalesce, coalesce), (.duplicate, duplicate), (.beforeVisible, beforeVisible)]
    }
}
