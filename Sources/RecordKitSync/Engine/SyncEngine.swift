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
/// Calls are serialized: a sync started while another runs waits for it.
public actor SyncEngine {
    /// The store synced.
    public nonisolated let store: RecordStore
    /// The database synced with.
    public nonisolated let database: any CloudDatabase
    /// How the engine works.
    public nonisolated let configuration: SyncConfiguration
    let clock: any SyncClock

    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

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
        await acquire()
        defer { release() }
        try await fetchAll()
        try await sendAll()
    }

    /// Fetches the server's changes into the store.
    public func fetchChanges() async throws(SyncError) {
        await acquire()
        defer { release() }
        try await fetchAll()
    }

    /// Sends the store's pending changes.
    public func sendChanges() async throws(SyncError) {
        await acquire()
        defer { release() }
        try await sendAll()
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

    /// Runs a store call, wrapping its error.
    func stored<T>(_ body: () throws(RecordStoreError) -> T) throws(SyncError) -> T {
        do {
            return try body()
        } catch {
            throw .store(error)
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

    private func acquire() async {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            busy = true
        }
    }

    private func release() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
