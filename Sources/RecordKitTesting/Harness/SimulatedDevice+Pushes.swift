import RecordKit
import RecordKitSync

extension SimulatedDevice {
    /// Takes the pushes the simulator queued for this device and hands them to its engine, all at once as a
    /// burst arrives (each `SyncEngine.handle(notification:)` runs concurrently, so pushes coalesce).
    /// Returns what the engine did with each, in the order they were queued.
    @discardableResult
    public func receivePushes() async throws(SyncError) -> [PushHandling] {
        let pushes = await connection.takePushes()
        let engine = self.engine
        let results = await withTaskGroup(of: (Int, Result<PushHandling, SyncError>).self) { group in
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
        return try results.map { result throws(SyncError) in try result.get() }
    }
}

extension SyncHarness {
    /// Every device receives the pushes queued for it, device by device, until no device has any left (a fetch
    /// sends nothing, so one round is enough unless a test sends meanwhile).
    public func deliverPushes() async throws(SyncError) {
        for device in devices { try await device.receivePushes() }
    }
}
