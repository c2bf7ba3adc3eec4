import Foundation
internal import CSQLite3

/// A read-only SQLite connection to a copy of a store, made in a temporary folder with its `-wal` file, so that
/// nothing is ever written beside the container's file (not even the `-shm` a WAL reader needs) and committed
/// transactions still in the WAL are seen. The copy is removed when the snapshot is closed.
final class SQLiteSnapshot {
    private var handle: OpaquePointer?
    private let folder: URL

    init(copying path: String) throws(MirrorStoreError) {
        let fileManager = FileManager.default
        folder = fileManager.temporaryDirectory.appendingPathComponent("recordkit-mirror-\(UUID().uuidString)")
        let copy = folder.appendingPathComponent("store.sqlite")
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            try fileManager.copyItem(at: URL(fileURLWithPath: path), to: copy)
            if fileManager.fileExists(atPath: path + "-wal") {
                try fileManager.copyItem(at: URL(fileURLWithPath: path + "-wal"), to: URL(fileURLWithPath: copy.path + "-wal"))
            }
        } catch {
            try? fileManager.removeItem(at: folder)
            throw .cannotOpen(path: path, message: "\(error.localizedDescription)")
        }
        var connection: OpaquePointer?
        // Read-only even on the copy; SQLite reads the copied -wal (MirrorStoreReaderTests checks it).
        let status = sqlite3_open_v2(copy.path, &connection, SQLITE_OPEN_READONLY, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "status \(status)"
            sqlite3_close_v2(connection)
            try? fileManager.removeItem(at: folder)
            throw .cannotOpen(path: path, message: message)
        }
        handle = connection
    }

    deinit {
        sqlite3_close_v2(handle)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The names of the tables in the store.
    func tableNames() throws(MirrorStoreError) -> Set<String> {
        var names: Set<String> = []
        try query("SELECT name FROM sqlite_master WHERE type = 'table'") { row in
            if let name = row.text(0) { names.insert(name) }
        }
        return names
    }

    /// The column names of `table`, in order.
    func columns(of table: String) throws(MirrorStoreError) -> [String] {
        var names: [String] = []
        try query("PRAGMA table_info(\(Self.quoted(table)))") { row in
            if let name = row.text(1) { names.append(name) }
        }
        return names
    }

    /// Runs `sql` and calls `body` with each row.
    func query(_ sql: String, _ body: (SQLiteRow) throws(MirrorStoreError) -> Void) throws(MirrorStoreError) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw .query(sql: sql, message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return }
            guard step == SQLITE_ROW else { throw .query(sql: sql, message: String(cString: sqlite3_errmsg(handle))) }
            try body(SQLiteRow(statement: statement))
        }
    }

    /// An identifier quoted for SQL.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// One result row; columns by index, NULL as nil.
struct SQLiteRow {
    let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func int(_ column: Int32) -> Int64? {
        isNull(column) ? nil : sqlite3_column_int64(statement, column)
    }

    func double(_ column: Int32) -> Double? {
        isNull(column) ? nil : sqlite3_column_double(statement, column)
    }

    func text(_ column: Int32) -> String? {
        guard !isNull(column), let bytes = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: bytes)
    }

    func blob(_ column: Int32) -> Data? {
        guard !isNull(column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// How SQLite stored the value (it keeps a type per value, whatever the column declares).
    func storage(_ column: Int32) -> SQLiteStorage {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }
}

/// SQLite's storage classes.
enum SQLiteStorage {
    case null, integer, real, text, blob
}
