import RecordKit
import RecordKitStore
import RecordKitSync

extension SimulatedDevice {
    /// Takes the pushes the simulator queued for this device and hands them to its engine, all at once as a
    /// burst arrives (each `SyncEngine.handle(notification:)` runs concurrently, so pushes coalesce).
    /// Returns what the engine did with each, in the order they were queued.
    @discardableResult
    public func receivePushes() async throws(SyncError) -> [PushHandling] {
        try await handlePushes().map { result throws(SyncError) in try result.get() }
    }

    /// The app launches or returns to the foreground: it fetches what changed since its stored tokens, which covers
    /// every push that was lost, sends what is still pending, and saves its subscription if it has not yet.
    public func enterForeground() async throws(SyncError) {
        try await engine.sync()
        await connection.deliverWaitingPushes()
    }

    /// The app's edit, as the note app of the CloudKit sync article makes it: `edit` changes the store, and the
    /// app sends the change to the server at once. No fetch: what other devices changed comes by their pushes.
    public func edit(_ edit: (RecordStore) throws -> Void) async throws {
        try edit(store)
        try await engine.sendChanges()
        await connection.deliverWaitingPushes()
    }

    /// Takes and handles this device's pushes, returning each one's outcome, in the order they were queued.
    func handlePushes() async -> [Result<PushHandling, SyncError>] {
        let pushes = await connection.takePushes()
        let engine = self.engine
        return await withTaskGroup(of: (Int, Result<PushHandling, SyncError>).self) { group in
            for (index, push) in pushes.enumerated() {
                group.addTask {
                    do throws(SyncError) {
                        return (index, .success(try await engine.handle(notification: push)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<PushHandling, SyncError>?](repeating: nil, count: pushes.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }
}

extension SyncHarness {
    /// Every device receives the pushes queued for it, device by device, until no device has any left (a fetch
    /// sends nothing, so one round is enough unless a test sends meanwhile).
    public func deliverPushes() async throws(SyncError) {
        for device in devices { try await device.receivePushes() }
    }
}
