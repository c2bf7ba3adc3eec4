import Foundation
import GRDB
import GRDBSQLite

/// Compares the column values of a record's projection row, as the layout appends them, with the stored row a
/// select is stepped on (its `_rowid`, then the columns after the ID), keeping the positions and new values of those
/// that differ. A stored text is compared where SQLite holds it, never copied into a string. Values past the last
/// column are left out, as ``StatementColumnSink`` leaves them.
struct ChangedColumnSink: ProjectionColumnSink {
    private let handle: SQLiteStatement
    private let count: Int
    private let fullTextPositions: [Int]
    private(set) var position = 0
    /// The columns whose values differ, by position among the columns after the ID, with their new values.
    private(set) var changed: [(position: Int, value: DatabaseValue)] = []
    /// The values of the full-text columns (in ``ProjectionDirectInsert/SQL``'s order) when one of them changed; nil
    /// when none did (read by ``finish()``).
    private(set) var fullText: [DatabaseValue]?

    /// A sink comparing `count` values with the row `handle` is stepped on.
    init(stepped handle: SQLiteStatement, count: Int, fullTextPositions: [Int]) {
        self.handle = handle
        self.count = count
        self.fullTextPositions = fullTextPositions
    }

    mutating func rewind(to position: Int) {
        self.position = position
        changed.removeAll { $0.position >= position }
    }

    mutating func append(_ value: DatabaseValue) {
        if position < count, !storedValue(equals: value) { changed.append((position, value)) }
        position += 1
    }

    mutating func appendText(_ utf8: UnsafeBufferPointer<UInt8>) {
        if position < count, !storedText(equals: utf8) {
            changed.append((position, String(decoding: utf8, as: UTF8.self).databaseValue))
        }
        position += 1
    }

    mutating func appendDouble(_ value: Double) {
        if position < count, !(storedType == SQLITE_FLOAT && sqlite3_column_double(handle, column) == value) {
            changed.append((position, value.databaseValue))
        }
        position += 1
    }

    /// Reads the full-text columns when one of them changed, while the statement is still on the row: the columns
    /// no value reached count as NULL, as ``StatementColumnSink/finish()`` binds them.
    mutating func finish() {
        while position < count { append(.null) }
        guard changed.contains(where: { fullTextPositions.contains($0.position) }) else { return }
        fullText = fullTextPositions.map { position in
            changed.first { $0.position == position }?.value ?? DatabaseValue(sqliteStatement: handle, index: Int32(position + 1))
        }
    }

    /// The stored column of the current position (column 0 is the `_rowid`).
    private var column: Int32 { Int32(position + 1) }
    private var storedType: Int32 { sqlite3_column_type(handle, column) }

    /// Whether the stored column is `value`, of the same storage class (a value of another class is written again).
    private func storedValue(equals value: DatabaseValue) -> Bool {
        switch value.storage {
        case .null: return storedType == SQLITE_NULL
        case let .int64(number): return storedType == SQLITE_INTEGER && sqlite3_column_int64(handle, column) == number
        case let .double(number): return storedType == SQLITE_FLOAT && sqlite3_column_double(handle, column) == number
        case let .string(text):
            var text = text
            return text.withUTF8 { storedText(equals: $0) }
        case let .blob(bytes):
            guard storedType == SQLITE_BLOB else { return false }
            let stored = UnsafeRawPointer(sqlite3_column_blob(handle, column))
            return bytes.withUnsafeBytes { Self.same(stored, count: sqlite3_column_bytes(handle, column), as: $0) }
        }
    }

    /// Whether the stored column is the text of the UTF-8 bytes `utf8`.
    private func storedText(equals utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard storedType == SQLITE_TEXT else { return false }
        // The text first, then its size (SQLite's documented order).
        let stored = UnsafeRawPointer(sqlite3_column_text(handle, column))
        return Self.same(stored, count: sqlite3_column_bytes(handle, column), as: UnsafeRawBufferPointer(utf8))
    }

    /// Whether the `count` bytes SQLite holds at `stored` are `bytes` (no pointer for an empty value).
    private static func same(_ stored: UnsafeRawPointer?, count: Int32, as bytes: UnsafeRawBufferPointer) -> Bool {
        guard Int(count) == bytes.count else { return false }
        guard count > 0 else { return true }
        guard let stored, let base = bytes.baseAddress else { return false }
        return memcmp(stored, base, bytes.count) == 0
    }
}
