import Foundation

/// What the store reads the time from when it stamps a merge clock on a local save (a model whose
/// `MergeClock` says `MergeClock.Stamp.store`): the system clock in apps, a virtual one
/// in tests.
public protocol RecordStoreClock: Sendable {
    /// The time now.
    func currentDate() -> Date
}

/// The system clock.
public struct SystemStoreClock: RecordStoreClock {
    /// The system clock.
    public init() {}

    public func currentDate() -> Date { Date() }
}
