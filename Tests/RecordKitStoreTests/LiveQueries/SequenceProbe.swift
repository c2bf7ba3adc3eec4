import Foundation

/// Why a probe's wait failed.
enum ProbeError: Error, CustomStringConvertible {
    /// Nothing arrived within the bound: the test fails instead of hanging.
    case timedOut(seconds: Int)
    /// The sequence ended (with its error, if any) where a value was expected.
    case ended((any Error)?)
    /// A value arrived where the end of the sequence was expected.
    case unexpectedValue(String)

    var description: String {
        switch self {
        case let .timedOut(seconds): "nothing arrived within \(seconds) s"
        case let .ended(error?): "the sequence ended with \(error)"
        case .ended(nil): "the sequence ended"
        case let .unexpectedValue(value): "a value arrived where the end was expected: \(value)"
        }
    }
}

/// Iterates an async sequence in a task of its own and hands out what arrives one event at a time; every wait is
/// bounded (a watchdog, not a timing assertion: the events come from the test's own edits), so a missing value
/// fails the test rather than hanging it.
final class SequenceProbe<Value: Sendable>: @unchecked Sendable {
    private enum Event {
        case value(Value)
        case end((any Error)?)
    }

    private let lock = NSLock()
    private var events: [Event] = []
    private var waiter: CheckedContinuation<Event, any Error>?
    private var watchdog: Task<Void, Never>?
    private var waitNumber = 0
    /// The task that iterates the sequence: cancel it to stop the iteration.
    private(set) var task: Task<Void, Never>?

    /// Starts iterating `sequence`.
    static func start<S: AsyncSequence & Sendable>(_ sequence: S) -> SequenceProbe where S.Element == Value {
        let probe = SequenceProbe()
        probe.task = Task {
            do {
                for try await value in sequence { probe.deliver(.value(value)) }
                probe.deliver(.end(nil))
            } catch {
                probe.deliver(.end(error))
            }
        }
        return probe
    }

    /// The next value; throws if the sequence ended, or nothing arrived within `seconds`.
    func next(within seconds: Int = 10) async throws -> Value {
        switch try await nextEvent(within: seconds) {
        case let .value(value): return value
        case let .end(error): throw ProbeError.ended(error)
        }
    }

    /// Waits for the end of the sequence and returns its error (nil when it ended normally); throws if a value
    /// arrived first, or nothing within `seconds`.
    func end(within seconds: Int = 10) async throws -> (any Error)? {
        switch try await nextEvent(within: seconds) {
        case let .value(value): throw ProbeError.unexpectedValue("\(value)")
        case let .end(error): return error
        }
    }

    /// How many events arrived that no wait has taken yet.
    var unclaimedCount: Int { lock.withLock { events.count } }

    private func nextEvent(within seconds: Int) async throws -> Event {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if !events.isEmpty {
                let event = events.removeFirst()
                lock.unlock()
                continuation.resume(returning: event)
                return
            }
            waitNumber += 1
            let number = waitNumber
            waiter = continuation
            watchdog = Task { [self] in
                try? await Task.sleep(for: .seconds(seconds))
                if !Task.isCancelled { expire(number, seconds: seconds) }
            }
            lock.unlock()
        }
    }

    private func deliver(_ event: Event) {
        lock.lock()
        guard let waiter else {
            events.append(event)
            lock.unlock()
            return
        }
        self.waiter = nil
        watchdog?.cancel()
        lock.unlock()
        waiter.resume(returning: event)
    }

    private func expire(_ number: Int, seconds: Int) {
        lock.lock()
        guard let waiter, waitNumber == number else {
            lock.unlock()
            return
        }
        self.waiter = nil
        lock.unlock()
        waiter.resume(throwing: ProbeError.timedOut(seconds: seconds))
    }
}

/// A count several tasks increment.
final class SharedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
