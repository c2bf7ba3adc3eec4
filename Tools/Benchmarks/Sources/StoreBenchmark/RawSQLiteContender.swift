import Foundation
import GRDBSQLite

/// (c) The floor: SQLite's C API by hand, a column per field, prepared statements, columns read by hand into
/// plain values. No records, no pending changes, no model: what any store on SQLite pays at least.
final class RawSQLiteContender: Contender {
    let name = "(c) raw SQLite"
    private let notes: [NoteValues]
    private var db: OpaquePointer?
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    private static let columns = "ownerName, zoneName, recordName, changeTag, created, modified, text, count, tags, ratio, attachment, folder"

    init(_ values: [NoteValues]) { notes = values }

    func open(path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            throw BenchmarkFailure.sqlite("cannot open \(path)")
        }
        db = handle
        // The same settings GRDB's DatabasePool uses: WAL, foreign keys on, synchronous NORMAL.
        try exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        try exec("""
            CREATE TABLE IF NOT EXISTS rawNote (ownerName TEXT NOT NULL, zoneName TEXT NOT NULL, recordName TEXT NOT NULL,
                changeTag TEXT NOT NULL, created REAL NOT NULL, modified REAL NOT NULL, text TEXT NOT NULL, count INTEGER NOT NULL,
                tags TEXT NOT NULL, ratio REAL NOT NULL, attachment BLOB NOT NULL, folder TEXT NOT NULL,
                PRIMARY KEY (ownerName, zoneName, recordName));
            CREATE TABLE IF NOT EXISTS rawZone (zoneName TEXT PRIMARY KEY, token BLOB);
            """)
    }

    func close() {
        sqlite3_close_v2(db)
        db = nil
    }

    private func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchmarkFailure.sqlite(String(cString: sqlite3_errmsg(db))) }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK else {
            throw BenchmarkFailure.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }

    private func bindText(_ statement: OpaquePointer?, _ index: Int32, _ text: String) {
        sqlite3_bind_text(statement, index, text, -1, Self.transient)
    }

    private func upsert(_ statement: OpaquePointer?, _ note: NoteValues) throws {
        bindText(statement, 1, note.ownerName)
        bindText(statement, 2, note.zoneName)
        bindText(statement, 3, note.recordName)
        bindText(statement, 4, note.changeTag)
        sqlite3_bind_double(statement, 5, note.created.timeIntervalSinceReferenceDate)
        sqlite3_bind_double(statement, 6, note.modified.timeIntervalSinceReferenceDate)
        bindText(statement, 7, note.text)
        sqlite3_bind_int64(statement, 8, note.count)
        bindText(statement, 9, note.tags.joined(separator: "\u{1F}"))
        sqlite3_bind_double(statement, 10, note.ratio)
        _ = note.attachment.withUnsafeBytes { sqlite3_bind_blob(statement, 11, $0.baseAddress, Int32($0.count), Self.transient) }
        bindText(statement, 12, note.folderName)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkFailure.sqlite(String(cString: sqlite3_errmsg(db))) }
        sqlite3_reset(statement)
    }

    private func upsertStatement() throws -> OpaquePointer? {
        try prepare("INSERT OR REPLACE INTO rawNote (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    }

    private func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    /// Reads a row of `columns` into plain values, by hand.
    private func readNote(_ statement: OpaquePointer?) -> NoteValues {
        let attachmentCount = Int(sqlite3_column_bytes(statement, 10))
        let attachment = sqlite3_column_blob(statement, 10).map { Data(bytes: $0, count: attachmentCount) } ?? Data()
        return NoteValues(
            recordName: text(statement, 2), zoneName: text(statement, 1), ownerName: text(statement, 0),
            changeTag: text(statement, 3),
            created: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, 4)),
            modified: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, 5)),
            text: text(statement, 6), count: sqlite3_column_int64(statement, 7),
            tags: text(statement, 8).split(separator: "\u{1F}").map(String.init),
            ratio: sqlite3_column_double(statement, 9), attachment: attachment, folderName: text(statement, 11))
    }

    func bulkSave() throws {
        let statement = try upsertStatement()
        defer { sqlite3_finalize(statement) }
        try exec("BEGIN IMMEDIATE")
        for note in notes { try upsert(statement, note) }
        try exec("COMMIT")
    }

    func loadAll() throws -> Int {
        let statement = try prepare("SELECT \(Self.columns) FROM rawNote")
        defer { sqlite3_finalize(statement) }
        var loaded: [NoteValues] = []
        while sqlite3_step(statement) == SQLITE_ROW { loaded.append(readNote(statement)) }
        return loaded.reduce(0) { $0 &+ Int($1.count) }
    }

    func fetch(_ indices: [Int]) throws -> Int {
        let statement = try prepare("SELECT \(Self.columns) FROM rawNote WHERE ownerName = ? AND zoneName = ? AND recordName = ?")
        defer { sqlite3_finalize(statement) }
        var sum = 0
        for index in indices {
            let note = notes[index]
            bindText(statement, 1, note.ownerName)
            bindText(statement, 2, note.zoneName)
            bindText(statement, 3, note.recordName)
            guard sqlite3_step(statement) == SQLITE_ROW else { throw BenchmarkFailure.sqlite("missing") }
            sum &+= Int(readNote(statement).count)
            sqlite3_reset(statement)
        }
        return sum
    }

    func singleSaves(_ indices: [Int]) throws {
        let statement = try upsertStatement()
        defer { sqlite3_finalize(statement) }
        for index in indices {
            var note = notes[index]
            note.count += 1
            try exec("BEGIN IMMEDIATE")
            try upsert(statement, note)
            try exec("COMMIT")
        }
    }

    func applyPage(_ indices: [Int]) throws {
        let statement = try upsertStatement()
        defer { sqlite3_finalize(statement) }
        try exec("BEGIN IMMEDIATE")
        for index in indices {
            var note = notes[index]
            note.changeTag = "server-" + note.changeTag
            note.text += "!"
            try upsert(statement, note)
        }
        let token = try prepare("INSERT OR REPLACE INTO rawZone (zoneName, token) VALUES (?, ?)")
        defer { sqlite3_finalize(token) }
        bindText(token, 1, NoteValues.zone.zoneName)
        let bytes = Data(repeating: 7, count: 64)
        _ = bytes.withUnsafeBytes { sqlite3_bind_blob(token, 2, $0.baseAddress, Int32($0.count), Self.transient) }
        guard sqlite3_step(token) == SQLITE_DONE else { throw BenchmarkFailure.sqlite(String(cString: sqlite3_errmsg(db))) }
        try exec("COMMIT")
    }
}
