import RecordKit
import RecordKitStore

/// Syncs a `RecordStore` with a ``CloudDatabase``: fetches the server's changes into the store and sends the
/// store's pending changes, following CloudKit's rules for every error.
///
/// - Fetching: the database feed says which zones changed or went away; each zone's changes are fetched page by
///   page while `moreComing`, each page stored with its token in one transaction. An expired token is fetched
///   again from the beginning, pending edits kept.
/// - Sending: pending changes go in batches within the request limits (halved on `limitExceeded`). Each save
///   writes only the keys that differ from the stored server copy (``RecordSave/changedKeys``), so a field
///   removed locally is removed on the server and the others are not sent again; the record the server returns
///   becomes the new server copy. A conflict (`serverRecordChanged`) is merged by the store with the schema's
///   rule against the stored ancestor and sent again on the server's record, a bounded number of times. A
///   missing zone is created and its records sent again; a record the server lost is sent again as new, with
///   every key; a deleted record the server never had counts as deleted.
/// - Throttling and network failures are retried after `retryAfter` (or an exponential backoff) on the engine's
///   ``SyncClock``; a response lost after the server committed is retried without duplicating or losing anything.
///
/// Calls are serialized: a sync started while another runs waits for it; a caller cancelled while it waits gets
/// ``SyncError/cancelled`` and the others go on. The store is used through its async API (`RecordStore.async`),
/// so the engine never blocks a thread of Swift's cooperative pool on SQLite.
public actor SyncEngine {
    /// The store synced.
    public nonisolated let store: RecordStore
    /// The database synced with.
    public nonisolated let database: any CloudDatabase
    /// How the engine works.
    public nonisolated let configuration: SyncConfiguration
    let clock: any SyncClock

    private var busy = false
    /// Callers waiting for their turn, first come first served; each is resumed with whether it got the turn.
    private var waiters: [(ticket: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextTicket: UInt64 = 0
    /// A fetch for pushes waits for its turn: pushes arriving meanwhile join it (SyncEngine+Pushes.swift).
    var queuedPushFetch: PushFetch?

    /// An engine over a store and a database; `clock` is what it waits on between retries.
    public init(
        store: RecordStore, database: any CloudDatabase, configuration: SyncConfiguration,
        clock: any SyncClock = TaskSleepClock()
    ) {
        self.store = store
        self.database = database
        self.configuration = configuration
        self.clock = clock
    }

    /// Fetches the server's changes, then sends the pending ones.
    public func sync() async throws(SyncError) {
        try await inTurn {
            try await fetchAll()
            try await sendAll()
            try await ensureSubscription()
        }
    }

    /// Fetches the server's changes into the store.
    public func fetchChanges() async throws(SyncError) {
        try await inTurn {
            try await fetchAll()
            try await ensureSubscription()
        }
    }

    /// Sends the store's pending changes.
    public func sendChanges() async throws(SyncError) {
        try await inTurn { try await sendAll() }
    }

    // MARK: Plumbing

    func emit(_ event: SyncEvent) {
        configuration.onEvent?(event)
    }

    /// Reports what applying server records did beyond storing them.
    func emitReport(_ report: ApplyReport) {
        for id in report.merged { emit(.conflictMerged(id)) }
        for event in report.eventsBeyondMerges { emit(event) }
    }

    /// Runs `body` when the calls before it are done, its errors as ``SyncError`` (a store error is
    /// ``SyncError/store(_:)``; a cancelled task's is ``SyncError/cancelled``).
    func inTurn<T>(_ body: () async throws -> T) async throws(SyncError) -> T {
        try await acquire()
        defer { release() }
        do {
            return try await body()
        } catch {
            throw SyncError(error)
        }
    }

    /// The outcome of a request as a value, for the callers that repair some of its failures and throw the others.
    func attempt<T>(_ request: () async throws(SyncError) -> T) async -> Result<T, SyncError> {
        do {
            return .success(try await request())
        } catch {
            return .failure(error)
        }
    }

    /// Runs a request, retrying transient failures after `retryAfter` or an exponential backoff.
    func withRetries<T>(_ request: () async throws(CloudError) -> T) async throws(SyncError) -> T {
        var attempt = 0
        while true {
            do {
                return try await request()
            } catch {
                guard error.isTransient, attempt < configuration.maxTransientRetries else { throw .cloud(error) }
                let backoff = configuration.initialBackoff * Double(1 << min(attempt, 30))
                let wait = error.retryAfter ?? min(configuration.maximumBackoff, backoff)
                attempt += 1
                emit(.retrying(after: wait, error))
                do {
                    try await clock.sleep(seconds: wait)
                } catch {
                    throw .cancelled
                }
            }
        }
    }

    /// Waits for the engine's turn. A task cancelled before or while it waits leaves the queue with
    /// ``SyncError/cancelled``; the callers behind it keep their places.
    func acquire() async throws(SyncError) {
        guard !Task.isCancelled else { throw .cancelled }
        guard busy else {
            busy = true
            return
        }
        let ticket = nextTicket
        nextTicket += 1
        let granted = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    waiters.append((ticket, continuation))
                }
            }
        } onCancel: {
            Task { await self.leaveQueue(ticket) }
        }
        if !granted { throw .cancelled }
    }

    /// Takes a cancelled caller out of the queue, unless its turn came first.
    private func leaveQueue(_ ticket: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.ticket == ticket }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }

    /// Hands the turn to the next caller waiting, if any.
    func release() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().continuation.resume(returning: true)
        }
    }
}
