import Foundation
import GRDB
import Observation
import RecordKit

/// A live query a SwiftUI view can hold: its ``value`` follows what a read of the store returns, on the main
/// actor, and changes only when the result does (see <doc:LiveQueries>).
///
/// ```swift
/// @State private var books = LiveQuery(store, initialValue: []) { db in
///     try store.fetchAll(Book.self, in: db).models.sorted { $0.title < $1.title }
/// }
/// ```
///
/// The observation (a ``LiveValues`` sequence iterated on the main actor) runs from
/// ``init(_:initialValue:readsImmediately:scheduling:_:)`` until ``cancel()`` or until the query is released.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class LiveQuery<Value: Equatable & Sendable> {
    /// The latest result of the read; the initial value until the first read succeeds.
    public private(set) var value: Value
    /// The error that stopped the observation (a database error as a ``RecordStoreError``, or what the read
    /// threw); nil while it runs. After an error ``value`` keeps the last result.
    public private(set) var error: (any Error)?
    @ObservationIgnored private let observation = ObservationTask()

    /// Starts observing what `fetch` reads (see ``RecordStore/observe(scheduling:_:)``).
    ///
    /// - Parameters:
    ///   - store: the store to read.
    ///   - initialValue: the value until the first read succeeds.
    ///   - readsImmediately: whether the first value is read now, on the main actor, before the initializer
    ///     returns (the default: a view's first frame shows it); false leaves `initialValue` until the
    ///     observation delivers its first value.
    ///   - scheduler: where the observation delivers values before they are set on the main actor (GRDB's `.task`
    ///     by default).
    ///   - fetch: the read, composed from the store's `in db:` reads.
    public init(
        _ store: RecordStore, initialValue: Value, readsImmediately: Bool = true,
        scheduling scheduler: some ValueObservationScheduler = .task,
        _ fetch: @escaping @Sendable (Database) throws -> Value
    ) {
        value = initialValue
        if readsImmediately {
            do {
                value = try store.database.read(fetch)
            } catch {
                self.error = Self.reported(error)
            }
        }
        let values = store.observe(scheduling: scheduler, fetch)
        // The task holds the query weakly: releasing the query releases `observation`, which cancels the task.
        observation.start { @MainActor [weak self] in
            // Released or cancelled before the task ran: start no observation (its first read would be wasted).
            guard !Task.isCancelled else { return }
            do {
                for try await value in values {
                    guard let self else { return }
                    // Set only what changed: every set of an observed property redraws the views that read it.
                    if self.value != value { self.value = value }
                    if self.error != nil { self.error = nil }
                }
            } catch {
                self?.error = Self.reported(error)
            }
        }
    }

    /// Stops the observation: ``value`` stays as it is. Releasing the query stops it too.
    public func cancel() {
        observation.cancel()
    }

    private static func reported(_ error: any Error) -> any Error {
        error is DatabaseError ? RecordStoreError(error) : error
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension LiveQuery {
    /// Observes one record: the model stored under `id`; nil while there is none (never saved, deleted, or only a
    /// pending delete). See ``RecordStore/observe(_:id:scheduling:)``.
    public convenience init<Model: RecordModel>(
        _ store: RecordStore, _ type: Model.Type, id: RecordID, readsImmediately: Bool = true,
        scheduling scheduler: some ValueObservationScheduler = .task
    ) where Value == Model? {
        self.init(store, initialValue: nil, readsImmediately: readsImmediately, scheduling: scheduler) { db in
            try store.fetch(type, id: id, in: db)
        }
    }
}

/// The task that iterates a live query's values; cancelled on ``cancel()`` and when released.
final class ObservationTask: Sendable {
    private let task = LockedTask()

    func start(_ operation: sending @escaping @MainActor () async -> Void) {
        task.replace(with: Task { @MainActor in await operation() })
    }

    func cancel() { task.replace(with: nil) }

    deinit { task.replace(with: nil) }
}

/// A task behind a lock.
private final class LockedTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    /// Cancels the current task, if any, and keeps `new`.
    func replace(with new: Task<Void, Never>?) {
        let old = lock.withLock {
            defer { task = new }
            return task
        }
        old?.cancel()
    }
}
