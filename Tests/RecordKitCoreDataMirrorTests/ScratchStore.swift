import CSQLite3
import Foundation

/// A copy of the real store in a temporary folder that a test may change with SQL (the original is never opened).
final class ScratchStore {
    let folder: URL
    let path: String

    init(copying original: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("store.sqlite").path
        try FileManager.default.copyItem(atPath: original, toPath: path)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    struct SQLFailed: Error {
        let message: String
    }

    /// Runs `sql` on the copy, then checkpoints so that the change is in the main file.
    func execute(_ sql: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw SQLFailed(message: "open") }
        defer { sqlite3_close(handle) }
        for statement in [sql, "PRAGMA wal_checkpoint(TRUNCATE)"] {
            var error: UnsafeMutablePointer<CChar>?
            guard sqlite3_exec(handle, statement, nil, nil, &error) == SQLITE_OK else {
                let message = error.map { String(cString: $0) } ?? "unknown"
                sqlite3_free(error)
                throw SQLFailed(message: message)
            }
        }
    }

    /// Runs `sql` on the copy and, while the connection still holds the change in its `-wal` file (not yet in
    /// the main file), copies the store and its `-wal` as an app's live store looks: returns that second copy.
    func executeKeepingWAL(_ sql: String) throws -> String {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw SQLFailed(message: "open") }
        defer { sqlite3_close(handle) }
        for statement in ["PRAGMA wal_autocheckpoint = 0", sql] {
            guard sqlite3_exec(handle, statement, nil, nil, nil) == SQLITE_OK else {
                throw SQLFailed(message: String(cString: sqlite3_errmsg(handle)))
            }
        }
        let live = folder.appendingPathComponent("live.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: live)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: live + "-wal")
        return live
    }

    /// The blobs of the first column `sql` selects, in order (NULL as empty).
    func blobs(_ sql: String) throws -> [Data] {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw SQLFailed(message: "open") }
        defer { sqlite3_close(handle) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw SQLFailed(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        var blobs: [Data] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let count = Int(sqlite3_column_bytes(statement, 0))
            blobs.append(sqlite3_column_blob(statement, 0).map { Data(bytes: $0, count: count) } ?? Data())
        }
        return blobs
    }
}
