/// A fault of the HTTP exchange itself, met by a `/database/…` request before it reaches a database (so the
/// request is never processed): what a client sees when the network or the server fails it.
public enum ConnectionFault: Sendable, Hashable {
    /// The server holds the request unanswered for the duration, then closes the connection: a client whose
    /// timeout is shorter gives up first, with a timeout.
    case stall(Duration)
    /// The server closes the connection without a whole response.
    case reset
}

extension LocalCloudKit {
    /// Makes the next `count` `/database/…` requests meet `fault`.
    public func injectConnectionFault(_ fault: ConnectionFault, count: Int = 1) {
        for _ in 0..<max(0, count) { connectionFaults.append(fault) }
    }

    /// The next connection fault, taken; nil when none is injected.
    func takeConnectionFault() -> ConnectionFault? {
        connectionFaults.isEmpty ? nil : connectionFaults.removeFirst()
    }
}
