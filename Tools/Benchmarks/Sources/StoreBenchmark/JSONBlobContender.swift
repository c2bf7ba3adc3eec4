import Foundation
import GRDB

/// (b) A JSON Codable blob per row, keyed by the record ID.
final class JSONBlobContender: Contender {
    let name = "(b) JSON blob"
    private let notes: [CodableNote]
    private var pool: DatabasePool?
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(_ values: [NoteValues]) { notes = values.map(CodableNote.init) }

    func open(path: String) throws {
        let pool = try DatabasePool(path: path)
        try pool.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS jsonNote (ownerName TEXT NOT NULL, zoneName TEXT NOT NULL, recordName TEXT NOT NULL,
                    json BLOB NOT NULL, PRIMARY KEY (ownerName, zoneName, recordName));
                CREATE TABLE IF NOT EXISTS jsonZone (zoneName TEXT PRIMARY KEY, token BLOB);
                """)
        }
        self.pool = pool
    }

    func close() { pool = nil }
    private func opened() throws -> DatabasePool {
        guard let pool else { throw BenchmarkFailure.sqlite("not open") }
        return pool
    }

    private func upsert(_ note: CodableNote, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO jsonNote (ownerName, zoneName, recordName, json) VALUES (?, ?, ?, ?)")
        try statement.execute(arguments: [note.recordID.zoneID.ownerName, note.recordID.zoneID.zoneName, note.recordID.recordName, try encoder.encode(note)])
    }

    func bulkSave() throws {
        try opened().write { db in
            for note in notes { try upsert(note, db) }
        }
    }

    func loadAll() throws -> Int {
        try opened().read { db in
            var sum = 0
            let rows = try Row.fetchCursor(db, sql: "SELECT json FROM jsonNote")
            while let row = try rows.next() {
                let data: Data = row[0]
                sum &+= Int(try decoder.decode(CodableNote.self, from: data).count)
            }
            return sum
        }
    }

    func fetch(_ indices: [Int]) throws -> Int {
        let pool = try opened()
        var sum = 0
        for index in indices {
            let id = notes[index].recordID
            let data = try pool.read { db in
                try Data.fetchOne(db, sql: "SELECT json FROM jsonNote WHERE ownerName = ? AND zoneName = ? AND recordName = ?",
                                  arguments: [id.zoneID.ownerName, id.zoneID.zoneName, id.recordName])
            }
            guard let data else { throw BenchmarkFailure.sqlite("missing") }
            sum &+= Int(try decoder.decode(CodableNote.self, from: data).count)
        }
        return sum
    }

    func singleSaves(_ indices: [Int]) throws {
        let pool = try opened()
        for index in indices {
            var note = notes[index]
            note.count += 1
            try pool.write { db in try upsert(note, db) }
        }
    }

    func applyPage(_ indices: [Int]) throws {
        try opened().write { db in
            for index in indices {
                var note = notes[index]
                note.changeTag = "server-" + note.changeTag
                note.text += "!"
                try upsert(note, db)
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO jsonZone (zoneName, token) VALUES (?, ?)",
                arguments: [NoteValues.zone.zoneName, Data(repeating: 7, count: 64)])
        }
    }
}
