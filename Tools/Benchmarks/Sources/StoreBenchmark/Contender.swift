import Foundation

/// One way of storing notes in SQLite, measured on the same operations as the others.
protocol Contender: AnyObject {
    /// The name printed in the table.
    var name: String { get }
    /// Opens (creating) the database at `path`; `open` is timed as part of "open and load all".
    func open(path: String) throws
    /// Releases the database, so the next `open` starts cold.
    func close()
    /// Saves every prepared note in one transaction.
    func bulkSave() throws
    /// Reads every note into the contender's own type; returns a checksum of what was read.
    func loadAll() throws -> Int
    /// Fetches the notes at `indices` one by one, each in its own read; returns a checksum.
    func fetch(_ indices: [Int]) throws -> Int
    /// Saves the notes at `indices`, each in its own transaction.
    func singleSaves(_ indices: [Int]) throws
    /// Stores a fetched page: the notes at `indices` as changed on the server, plus the zone's token, in one transaction.
    func applyPage(_ indices: [Int]) throws
}

enum BenchmarkFailure: Error, CustomStringConvertible {
    case sqlite(String)
    case wrongCount(String, Int)

    var description: String {
        switch self {
        case let .sqlite(message): "SQLite: \(message)"
        case let .wrongCount(name, count): "\(name) read \(count) notes"
        }
    }
}
