/// A fault the simulator injects into a request.
public enum SimulatorFault: Sendable, Hashable, CustomStringConvertible {
    /// The request fails with `networkFailure` before the server does anything.
    case failBeforeCommit
    /// The server commits the request, then the response is lost: the client sees `networkFailure`.
    case loseResponse
    /// The request fails with `requestRateLimited` and this `retryAfter`.
    case rateLimit(retryAfter: Double)
    /// The request fails with `zoneBusy` and this `retryAfter`.
    case zoneBusy(retryAfter: Double)
    /// The request fails with `serviceUnavailable` and this `retryAfter`.
    case serviceUnavailable(retryAfter: Double)

    public var description: String {
        switch self {
        case .failBeforeCommit: "failBeforeCommit"
        case .loseResponse: "loseResponse"
        case let .rateLimit(seconds): "rateLimit(\(seconds) s)"
        case let .zoneBusy(seconds): "zoneBusy(\(seconds) s)"
        case let .serviceUnavailable(seconds): "serviceUnavailable(\(seconds) s)"
        }
    }
}

/// The simulator's operations, for aiming faults.
public enum SimulatorOperation: String, Sendable, Hashable, CaseIterable {
    case saveZones, deleteZones, modifyRecords, fetchRecords, fetchZoneChanges, fetchDatabaseChanges
    case modifySubscriptions, fetchSubscriptions
}

/// Faults injected at random: each request meets one of `faults` with `probability`, drawn from the simulator's
/// seeded generator.
public struct RandomFaults: Sendable, Hashable {
    /// The chance that a request meets a fault, 0...1.
    public var probability: Double
    /// The faults to draw from.
    public var faults: [SimulatorFault]
    /// The operations that may meet them.
    public var operations: Set<SimulatorOperation>

    /// Creates a random fault plan.
    public init(
        probability: Double,
        faults: [SimulatorFault] = [.failBeforeCommit, .loseResponse, .rateLimit(retryAfter: 3), .zoneBusy(retryAfter: 1)],
        operations: Set<SimulatorOperation> = Set(SimulatorOperation.allCases)
    ) {
        self.probability = probability
        self.faults = faults
        self.operations = operations
    }
}

/// A fault the simulator injected: which operation met which fault, in order.
public struct InjectedFault: Sendable, Hashable {
    /// The request's operation.
    public var operation: SimulatorOperation
    /// The fault.
    public var fault: SimulatorFault

    /// Creates a record of an injected fault.
    public init(operation: SimulatorOperation, fault: SimulatorFault) {
        self.operation = operation
        self.fault = fault
    }
}
