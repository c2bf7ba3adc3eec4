import Foundation
import RecordKitSync

/// Collects a sync engine's events (pass ``record(_:)`` as `SyncConfiguration.onEvent`).
public final class EventLog: @unchecked Sendable {
    // The lock guards `storage`; events arrive on the engine's executor, readers come from the test.
    private let lock = NSLock()
    private var storage: [SyncEvent] = []

    /// An empty log.
    public init() {}

    /// Appends an event.
    public func record(_ event: SyncEvent) {
        lock.lock()
        storage.append(event)
        lock.unlock()
    }

    /// The events so far, in order.
    public var events: [SyncEvent] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// Forgets the events so far.
    public func removeAll() {
        lock.lock()
        storage.removeAll()
        lock.unlock()
    }

    /// `configuration` with its event handler also recording every event here, before the app's handler sees it.
    func recording(_ configuration: SyncConfiguration) -> SyncConfiguration {
        var configuration = configuration
        let appHandler = configuration.onEvent
        configuration.onEvent = { [self] event in
            record(event)
            appHandler?(event)
        }
        return configuration
    }
}
