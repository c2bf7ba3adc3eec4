import Foundation

/// What one fuzz input did to a decoder when every invariant held.
public enum FuzzOutcome: Sendable, Hashable {
    /// The input decoded, and the value survived re-encoding and decoding again.
    case decoded
    /// The decoder refused the input with its typed error (described here).
    case rejected(String)
}

/// An invariant that does not hold: a round trip that changed the value, an encoder that cannot write what its
/// decoder read, two readers of one format that disagree. The fuzz entry points abort on it, so libFuzzer
/// keeps the input; the regression tests fail on it.
public struct FuzzInvariantFailure: Error, Sendable, CustomStringConvertible {
    /// Which check failed, and with which values.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { "invariant failed: \(message)" }
}

/// Checks that `condition` holds, else throws a failure with `message`.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzInvariantFailure) {
    if !condition { throw FuzzInvariantFailure(message()) }
}

/// Runs an encoder or decoder that must succeed on a value its own codec produced.
func mustSucceed<Value, Failure: Error>(
    _ what: String, _ body: () throws(Failure) -> Value
) throws(FuzzInvariantFailure) -> Value {
    do {
        return try body()
    } catch {
        throw FuzzInvariantFailure("\(what) failed: \(error)")
    }
}
