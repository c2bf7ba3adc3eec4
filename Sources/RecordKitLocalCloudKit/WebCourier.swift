import Foundation

/// The local CloudKit's web courier: the APNs tokens it knows, the databases each is registered with, the pushes
/// waiting for each token and the long polls waiting for pushes.
///
/// Delivery is consume-once, as CloudKit's courier: each poll takes one push, oldest first, and no push is
/// delivered twice.
struct WebCourier {
    /// A long poll waiting for a push.
    struct Poll {
        var id: Int
        var continuation: CheckedContinuation<Data?, Never>
        /// Ends the poll empty when its time is up; cancelled when a push answers it first.
        var timer: Task<Void, Never>
    }

    /// Tokens that can be polled: made by tokens/create or registered by tokens/register.
    var tokens: Set<String> = []
    /// Each registered token with a database whose pushes it receives, in the order registered.
    var registrations: [(token: String, address: LocalDatabaseAddress)] = []
    /// Push payloads waiting for a poll, per token, oldest first.
    var queues: [String: [Data]] = [:]
    /// Long polls waiting, per token, oldest first.
    var polls: [String: [Poll]] = [:]
    /// Callers of ``LocalCloudKit/pollWaiting(on:)`` waiting until a poll waits on a token.
    var watchers: [String: [CheckedContinuation<Void, Never>]] = [:]
    var nextPollID = 0

    mutating func register(_ token: String, with address: LocalDatabaseAddress) {
        tokens.insert(token)
        if !registrations.contains(where: { $0.token == token && $0.address == address }) {
            registrations.append((token, address))
        }
    }

    /// Hands a payload to the oldest poll waiting on the token, or queues it.
    mutating func deliver(_ payload: Data, to token: String) {
        if var waiting = polls[token], !waiting.isEmpty {
            let poll = waiting.removeFirst()
            polls[token] = waiting.isEmpty ? nil : waiting
            poll.timer.cancel()
            poll.continuation.resume(returning: payload)
        } else {
            queues[token, default: []].append(payload)
        }
    }

    /// The oldest payload waiting for the token, taken.
    mutating func take(_ token: String) -> Data? {
        guard var queue = queues[token], !queue.isEmpty else { return nil }
        let payload = queue.removeFirst()
        queues[token] = queue.isEmpty ? nil : queue
        return payload
    }

    /// Starts waiting: the poll, and the watchers that waited for one.
    mutating func wait(_ poll: Poll, on token: String) {
        polls[token, default: []].append(poll)
        for watcher in watchers.removeValue(forKey: token) ?? [] { watcher.resume() }
    }

    /// Ends a poll whose time is up, empty; nothing if a push answered it already.
    mutating func expire(_ id: Int, on token: String) {
        guard var waiting = polls[token], let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        let poll = waiting.remove(at: index)
        polls[token] = waiting.isEmpty ? nil : waiting
        poll.continuation.resume(returning: nil)
    }
}
