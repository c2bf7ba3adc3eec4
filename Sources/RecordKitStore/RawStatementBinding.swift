import Foundation
import GRDB
import GRDBSQLite

/// A cached statement that a per-record write path executes many times in one transaction, its values bound through
/// SQLite's C API (as GRDB binds them itself) instead of a `StatementArguments` per execution: building one boxes
/// every value as an existential and validates the count on every call, which cost more than the insert's own
/// binding in the initial sync's profile.
///
/// The statement still runs through GRDB's `execute()`, so GRDB's statement hooks (transaction observers, the
/// regions live queries observe) see every execution. GRDB's own arguments are set once, to NULLs, so that
/// `execute()` takes the bound values as valid.
struct RawStatementBinding {
    let statement: Statement
    private var handle: SQLiteStatement { statement.sqliteStatement }

    /// Wraps `statement`, which has `count` parameters (`?1`…`?count`).
    init(_ statement: Statement) throws {
        self.statement = statement
        try statement.setArguments(Self.nulls(Int(sqlite3_bind_parameter_count(statement.sqliteStatement))))
    }

    /// Wraps `statement` for binding only, leaving GRDB's arguments unset: for a statement stepped through SQLite's
    /// C API by its caller (a read), never through ``execute()``.
    init(unchecked statement: Statement) {
        self.statement = statement
    }

    // Guards `nullArguments`.
    private static let nullsLock = NSLock()
    nonisolated(unsafe) private static var nullArguments: [Int: StatementArguments] = [:]

    /// GRDB arguments of `count` NULLs, made once per count: GRDB builds arguments from a sequence through a key
    /// path per value, which cost the initial sync more per page (a statement of 100 parameters or more made per
    /// transaction) than binding the page's values.
    private static func nulls(_ count: Int) -> StatementArguments {
        nullsLock.lock()
        defer { nullsLock.unlock() }
        if let made = nullArguments[count] { return made }
        let made = StatementArguments(Array(repeating: DatabaseValue.null, count: count))
        nullArguments[count] = made
        return made
    }

    /// Resets the statement so that new values can be bound (the bindings of the last execution stay until replaced).
    func reset() {
        sqlite3_reset(handle)
    }

    /// Binds a string at the 1-based `index` (copied by SQLite).
    func bind(_ text: String, at index: Int32) {
        var text = text
        text.withUTF8 { utf8 in
            // An empty buffer may have no base address, which SQLite would bind as NULL.
            if let base = utf8.baseAddress {
                base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                    _ = sqlite3_bind_text(handle, index, $0, Int32(utf8.count), rawStatementTransient)
                }
            } else {
                _ = sqlite3_bind_text(handle, index, "", 0, rawStatementTransient)
            }
        }
    }

    /// Binds a string at the 1-based `index`, copied into `arena` and bound there without a copy by SQLite
    /// (`SQLITE_STATIC`): the arena must keep the bytes until the parameter is bound again or the bindings are
    /// cleared (``clearBindings()``).
    func bind(_ text: String, at index: Int32, heldBy arena: BoundTextArena) {
        var text = text
        text.withUTF8 { bind(utf8: $0, at: index, heldBy: arena) }
    }

    /// Binds the text of the UTF-8 bytes `utf8` at the 1-based `index`, as ``bind(_:at:heldBy:)``.
    func bind(utf8: UnsafeBufferPointer<UInt8>, at index: Int32, heldBy arena: BoundTextArena) {
        _ = sqlite3_bind_text(handle, index, arena.copy(utf8), Int32(utf8.count), nil)
    }

    /// Binds a blob at the 1-based `index` (copied by SQLite); an empty one is an empty blob, not NULL.
    func bind(_ bytes: Data, at index: Int32) {
        bytes.withUnsafeBytes { buffer in
            if let base = buffer.baseAddress, buffer.count > 0 {
                _ = sqlite3_bind_blob(handle, index, base, Int32(buffer.count), rawStatementTransient)
            } else {
                _ = sqlite3_bind_zeroblob(handle, index, 0)
            }
        }
    }

    /// Binds a database value at the 1-based `index`.
    func bind(_ value: DatabaseValue, at index: Int32) {
        switch value.storage {
        case .null: sqlite3_bind_null(handle, index)
        case let .int64(integer): sqlite3_bind_int64(handle, index, integer)
        case let .double(double): sqlite3_bind_double(handle, index, double)
        case let .string(text): bind(text, at: index)
        case let .blob(bytes): bind(bytes, at: index)
        }
    }

    /// Binds a database value at the 1-based `index`, a string through `arena` (``bind(_:at:heldBy:)``).
    func bind(_ value: DatabaseValue, at index: Int32, heldBy arena: BoundTextArena) {
        if case let .string(text) = value.storage {
            bind(text, at: index, heldBy: arena)
        } else {
            bind(value, at: index)
        }
    }

    /// Sets every parameter to NULL: nothing bound points into memory the caller is about to free.
    func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// Binds a REAL at the 1-based `index`.
    func bind(_ value: Double, at index: Int32) {
        sqlite3_bind_double(handle, index, value)
    }

    /// Binds NULL at the 1-based `index`.
    func bindNull(at index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    /// Runs the statement with the values bound since the last ``reset()``.
    func execute() throws {
        try statement.execute()
    }

    /// Steps this read (wrapped by ``init(unchecked:)``, its values bound) to its first row and returns what `read`
    /// takes from it, nil when it has no row; then resets it. For the one-value reads every save makes, where GRDB's
    /// arguments and cursor cost more than SQLite's step.
    func firstRow<Value>(_ db: Database, _ read: (SQLiteStatement) -> Value) throws -> Value? {
        defer { sqlite3_reset(handle) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            return read(handle)
        case SQLITE_DONE:
            return nil
        case let code:
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                sql: statement.sql)
        }
    }
}

/// SQLite's `SQLITE_TRANSIENT` (the C macro does not import): SQLite copies the bound value.
private let rawStatementTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
