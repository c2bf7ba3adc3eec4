import Foundation
import RecordKitSync

/// The network state of one device's process, which every connection of the device shares (a ``PersonDevice``
/// has one per database): online or not, alive or killed, and a kill armed to strike after some requests.
public final class NetworkLine: @unchecked Sendable {
    // The lock guards the state below; connections of one device ask from their own actors.
    private let lock = NSLock()
    private var online = true
    private var dead = false
    /// Requests still to pass before the kill, if one is armed.
    private var requestsBeforeKill: Int?

    /// A line that is online, with no kill armed.
    public init() {}

    /// Whether requests reach the server (while the process lives).
    public var isOnline: Bool { locked { online } }

    /// Whether the device's process is dead: requests fail until ``revive()``.
    public var isDead: Bool { locked { dead } }

    /// Cuts or restores the network.
    public func setOnline(_ isOnline: Bool) {
        locked { online = isOnline }
    }

    /// Kills the device's process in the middle of what it does next: the next `requests - 1` requests pass, the
    /// one after reaches the server (which acts on it) but its response never reaches the device, and every later
    /// request fails, until ``revive()``. `requests` less than 1 kills at once.
    public func kill(afterRequests requests: Int) {
        locked {
            if requests < 1 {
                dead = true
                requestsBeforeKill = nil
            } else {
                requestsBeforeKill = requests
            }
        }
    }

    /// Brings a killed device's line back (a relaunch calls it) and disarms a pending kill.
    public func revive() {
        locked {
            dead = false
            requestsBeforeKill = nil
        }
    }

    /// Lets one request leave: fails with `networkUnavailable` while offline or dead; returns whether the process
    /// dies with this request (the server acts on it, the response is lost).
    func admit() throws(CloudError) -> Bool {
        let outcome: Bool? = locked {
            if !online || dead { return nil }
            guard let remaining = requestsBeforeKill else { return false }
            if remaining > 1 {
                requestsBeforeKill = remaining - 1
                return false
            }
            requestsBeforeKill = nil
            return true
        }
        guard let outcome else { throw .networkUnavailable }
        return outcome
    }

    /// Fails with `networkUnavailable` while offline or dead (requests a kill does not count).
    func check() throws(CloudError) {
        if !isOnline || isDead { throw .networkUnavailable }
    }

    /// The process died with the request it just made.
    func die() {
        locked { dead = true }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
