import RecordKit
import RecordKitSync

extension CloudKitSimulator {
    /// Makes the next `count` requests of the given operations meet `fault`.
    public func injectFault(
        _ fault: SimulatorFault, on operations: Set<SimulatorOperation> = Set(SimulatorOperation.allCases), count: Int = 1
    ) {
        for _ in 0..<max(0, count) { pendingFaults.append((fault, operations)) }
    }

    /// Drops every fault injected and not yet met, and the random plan.
    public func clearFaults() {
        pendingFaults.removeAll()
        randomFaults = nil
    }

    /// Starts a request: counts it and picks the fault it meets, if any. Throws the faults that fail the request
    /// before the server acts; returns true when the response must be lost after the server commits.
    func beginRequest(_ operation: SimulatorOperation) throws(CloudError) -> Bool {
        requestCount += 1
        requestCounts[operation, default: 0] += 1
        guard let fault = nextFault(for: operation) else { return false }
        injectedFaults.append(InjectedFault(operation: operation, fault: fault))
        switch fault {
        // A request that never reached the server: https://developer.apple.com/documentation/cloudkit/ckerror/code/networkfailure
        case .failBeforeCommit: throw .networkFailure
        case .loseResponse: return true
        // "Retry after the number of seconds in CKErrorRetryAfterKey":
        // https://developer.apple.com/documentation/cloudkit/ckerror/code/requestratelimited
        case let .rateLimit(seconds): throw .requestRateLimited(retryAfter: seconds)
        // https://developer.apple.com/documentation/cloudkit/ckerror/code/zonebusy
        case let .zoneBusy(seconds): throw .zoneBusy(nil, retryAfter: seconds)
        // https://developer.apple.com/documentation/cloudkit/ckerror/code/serviceunavailable
        case let .serviceUnavailable(seconds): throw .serviceUnavailable(retryAfter: seconds)
        }
    }

    private func nextFault(for operation: SimulatorOperation) -> SimulatorFault? {
        if let index = pendingFaults.firstIndex(where: { $0.operations.contains(operation) }) {
            return pendingFaults.remove(at: index).fault
        }
        guard let plan = randomFaults, !plan.faults.isEmpty, plan.operations.contains(operation) else { return nil }
        let draw = Double(random.next() >> 11) / Double(1 << 53)
        guard draw < plan.probability else { return nil }
        return plan.faults[Int(random.next() % UInt64(plan.faults.count))]
    }
}
