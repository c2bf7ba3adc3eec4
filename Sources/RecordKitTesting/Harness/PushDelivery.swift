import Foundation
import RecordKitSync

/// What a device's engine did with each push the harness delivered as it arrived, in order.
public final class PushLog: @unchecked Sendable {
    /// One push handled: which device, and what its engine did (or the error it met).
    public struct Entry: Sendable {
        /// The device's name.
        public var device: String
        /// What `SyncEngine.handle(notification:)` returned or threw.
        public var outcome: Result<PushHandling, SyncError>
    }

    // The lock guards `storage`: the pump appends, the test reads.
    private let lock = NSLock()
    private var storage: [Entry] = []

    init() {}

    /// Every push handled so far, in order.
    public var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// The errors the engines met handling pushes, in order.
    public var errors: [(device: String, error: SyncError)] {
        entries.compactMap { entry in
            if case let .failure(error) = entry.outcome { (entry.device, error) } else { nil }
        }
    }

    func append(_ entries: [Entry]) {
        lock.lock()
        storage += entries
        lock.unlock()
    }
}

/// Hands the pushes the simulator queued to the devices' engines as they arrive: after each request, every
/// device but the one that made it (its engine is busy with it) handles its pushes, round after round until
/// none is left. One delivery at a time: a fetch made by a push's handling does not start another.
actor PushPump {
    private struct WeakDevice {
        weak var device: SimulatedDevice?
    }

    private let devices: [WeakDevice]
    private let log: PushLog
    private var isDelivering = false
    /// A bound on rounds: handling a push only fetches, so a round finds nothing new unless a zone was created.
    private let maxRounds = 16

    init(devices: [SimulatedDevice], log: PushLog) {
        self.devices = devices.map { WeakDevice(device: $0) }
        self.log = log
    }

    /// Delivers the waiting pushes to every online device but `busyDevice` (a device ID).
    func deliver(skipping busyDevice: String?) async {
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        for _ in 0..<maxRounds {
            var delivered = false
            for case let device? in devices.map(\.device) where device.connection.deviceID != busyDevice {
                guard await device.isOnline else { continue }
                let outcomes = await device.handlePushes()
                if !outcomes.isEmpty { delivered = true }
                log.append(outcomes.map { PushLog.Entry(device: device.name, outcome: $0) })
            }
            if !delivered { return }
        }
    }
}

extension SyncHarness {
    /// Makes every device react to its pushes by itself, as an app that receives silent pushes does: after each
    /// request a device makes, the pushes it caused are handed at once to the other devices' engines
    /// (`SyncEngine.handle(notification:)`), with whatever push faults the simulator injects; the device that
    /// made the request gets its own pushes once its engine is idle again (after ``SimulatedDevice/edit(_:)`` or
    /// ``SimulatedDevice/enterForeground()``). Everything runs in the test's task, in order: no timers, no sleeps.
    ///
    /// Changes made on the server directly (the `server` methods of ``CloudKitSimulator``) have no device behind
    /// them: call ``deliverPushes()`` after them. What each engine did is in ``pushLog``.
    public func deliverPushesAsTheyArrive() async {
        let pump = PushPump(devices: devices, log: pushLog)
        for device in devices {
            await device.connection.setPushDelivery { busyDevice in await pump.deliver(skipping: busyDevice) }
        }
    }
}
