import Foundation
import GRDB

/// Lets a write path that computes a new row's derived rows itself (asset references, projection row) insert the
/// row without the temporary insert triggers that would compute them again: the triggers' `WHEN` clauses call
/// the SQL function ``functionName(prefix:)``, which is true only inside ``bypassing(_:)``.
///
/// The flag belongs to the connection, not to a store: two stores opened on one connection (an app's own database)
/// replace each other's triggers and functions, and both must see the same flag.
final class TriggerBypass: @unchecked Sendable {
    // Guards `active`.
    private let lock = NSLock()
    private var active = false

    /// The flags by connection. A connection's flag lives as long as the process (one small object per connection
    /// ever opened; a connection object at a reused address finds a flag that is off).
    nonisolated(unsafe) private static var flags: [ObjectIdentifier: TriggerBypass] = [:]
    private static let flagsLock = NSLock()

    /// The SQL function the triggers test.
    static func functionName(prefix: String) -> String { prefix + "bypassing_triggers" }

    /// The connection's flag, with its SQL function added to the connection (again, harmlessly, when it is there).
    static func install(_ db: Database, prefix: String) -> TriggerBypass {
        let bypass = flag(of: db)
        db.add(function: DatabaseFunction(functionName(prefix: prefix), argumentCount: 0, pure: false) { _ in bypass.isActive })
        return bypass
    }

    /// The connection's flag.
    static func flag(of db: Database) -> TriggerBypass {
        let key = ObjectIdentifier(db)
        flagsLock.lock()
        defer { flagsLock.unlock() }
        if let existing = flags[key] { return existing }
        let created = TriggerBypass()
        flags[key] = created
        return created
    }

    private var isActive: Bool {
        lock.lock()
        defer { lock.unlock() }
        return active
    }

    /// Runs `body` (one statement that inserts rows whose derived rows the caller writes) with the insert triggers
    /// that test the flag off.
    func bypassing<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        active = true
        lock.unlock()
        defer {
            lock.lock()
            active = false
            lock.unlock()
        }
        return try body()
    }
}
