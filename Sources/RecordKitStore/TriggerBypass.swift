import Foundation
import GRDB

/// Lets a write path that computes a row's derived rows itself write the row without the temporary triggers that
/// would compute them again: the triggers' `WHEN` clauses call the SQL function ``functionName(prefix:scope:)``,
/// which is true only inside ``bypassing(_:)``. Each ``Scope`` has its own flag and function.
///
/// The flag belongs to the connection, not to a store: two stores opened on one connection (an app's own database)
/// replace each other's triggers and functions, and both must see the same flag.
final class TriggerBypass: @unchecked Sendable {
    // Guards `active`.
    private let lock = NSLock()
    private var active = false

    /// Which triggers a flag turns off.
    enum Scope: Hashable {
        /// The insert trigger (asset references and projection): a new row whose derived rows the caller writes.
        case inserts
        /// The projection's insert statements and update triggers, not the asset bookkeeping's: a local save, whose
        /// projection row the caller writes from the record in hand (``ProjectionDirectInsert``).
        case projection
    }

    private struct Key: Hashable {
        let connection: ObjectIdentifier
        let scope: Scope
    }

    /// The flags by connection and scope. A connection's flags live as long as the process (small objects per
    /// connection ever opened; a connection object at a reused address finds flags that are off).
    nonisolated(unsafe) private static var flags: [Key: TriggerBypass] = [:]
    private static let flagsLock = NSLock()

    /// The SQL function the triggers of `scope` test.
    static func functionName(prefix: String, scope: Scope = .inserts) -> String {
        switch scope {
        case .inserts: prefix + "bypassing_triggers"
        case .projection: prefix + "bypassing_projection"
        }
    }

    /// The connection's flag of `scope`, with its SQL function added to the connection (again, harmlessly, when it
    /// is there).
    static func install(_ db: Database, prefix: String, scope: Scope = .inserts) -> TriggerBypass {
        let bypass = flag(of: db, scope: scope)
        // Declared deterministic: the flag changes only between statements (``bypassing(_:)`` runs one), so it is
        // constant within one, and SQLite then tests it in a statement's WHERE before the rows it would search
        // (the projection's statements in the insert trigger) instead of after each row found.
        db.add(function: DatabaseFunction(functionName(prefix: prefix, scope: scope), argumentCount: 0, pure: true) { _ in bypass.isActive })
        return bypass
    }

    /// The connection's flag of `scope`.
    static func flag(of db: Database, scope: Scope = .inserts) -> TriggerBypass {
        let key = Key(connection: ObjectIdentifier(db), scope: scope)
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

    /// Runs `body` (one statement that writes rows whose derived rows the caller writes) with the triggers that
    /// test the flag off.
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
