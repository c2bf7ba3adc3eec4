import Foundation
import GRDB

/// The values of a live query (``RecordStore/observe(scheduling:_:)``): the current value first, then a new value
/// after each committed transaction that changed it, never the same value twice in a row.
///
/// The observation starts when iteration starts and stops when the iterating task is cancelled (the sequence then
/// ends) or the iterator is released. Each iteration runs an observation of its own.
///
/// Errors end the sequence: a database error arrives as a ``RecordStoreError``; an error the read closure threw
/// itself arrives unchanged.
public struct LiveValues<Value: Equatable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value

    let observation: AsyncValueObservation<Value>

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: observation.makeAsyncIterator())
    }

    /// Iterates the values of a live query.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncValueObservation<Value>.Iterator

        /// The next value; nil once the iterating task is cancelled.
        public mutating func next() async throws -> Value? {
            do {
                return try await base.next()
            } catch let error as DatabaseError {
                throw RecordStoreError(error)
            }
        }
    }
}
