import Foundation

/// The objects a device's process holds (its store and engines), swapped whole when the device is killed and
/// launched again: ``SimulatedDevice`` and ``PersonDevice`` share this mechanism.
final class DeviceProcess<Objects>: @unchecked Sendable {
    // The lock guards `objects`; tests read them from any task.
    private let lock = NSLock()
    private var objects: Objects

    init(_ objects: Objects) {
        self.objects = objects
    }

    /// The running process's objects.
    var current: Objects {
        lock.lock()
        defer { lock.unlock() }
        return objects
    }

    /// The process was killed and launched again: `new` are the new process's objects.
    func replace(with new: Objects) {
        lock.lock()
        defer { lock.unlock() }
        objects = new
    }
}
