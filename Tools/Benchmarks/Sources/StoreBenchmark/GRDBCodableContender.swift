import Foundation
import GRDB

/// (a) GRDB the idiomatic way: a Codable record struct with a column per field.
struct GRDBNote: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "grdbNote"
    var ownerName: String
    var zoneName: String
    var recordName: String
    var changeTag: String
    var creationDate: Date
    var creatorUserRecordName: String
    var modificationDate: Date
    var lastModifiedUserRecordName: String
    var text: String
    var count: Int64
    var tags: [String]
    var ratio: Double
    var attachment: Data
    var folderRecordName: String
    var folderAction: String

    init(_ note: NoteValues) {
        ownerName = note.ownerName
        zoneName = note.zoneName
        recordName = note.recordName
        changeTag = note.changeTag
        creationDate = note.created
        creatorUserRecordName = note.ownerName
        modificationDate = note.modified
        lastModifiedUserRecordName = note.ownerName
        text = note.text
        count = note.count
        tags = note.tags
        ratio = note.ratio
        attachment = note.attachment
        folderRecordName = note.folderName
        folderAction = "deleteSelf"
    }
}

final class GRDBCodableContender: Contender {
    let name = "(a) GRDB Codable"
    private let notes: [GRDBNote]
    private var pool: DatabasePool?

    init(_ values: [NoteValues]) { notes = values.map(GRDBNote.init) }

    func open(path: String) throws {
        let pool = try DatabasePool(path: path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: GRDBNote.databaseTableName) { t in
                t.column("ownerName", .text).notNull()
                t.column("zoneName", .text).notNull()
                t.column("recordName", .text).notNull()
                t.column("changeTag", .text).notNull()
                t.column("creationDate", .datetime).notNull()
                t.column("creatorUserRecordName", .text).notNull()
                t.column("modificationDate", .datetime).notNull()
                t.column("lastModifiedUserRecordName", .text).notNull()
                t.column("text", .text).notNull()
                t.column("count", .integer).notNull()
                t.column("tags", .jsonText).notNull()
                t.column("ratio", .double).notNull()
                t.column("attachment", .blob).notNull()
                t.column("folderRecordName", .text).notNull()
                t.column("folderAction", .text).notNull()
                t.primaryKey(["ownerName", "zoneName", "recordName"])
            }
            try db.create(table: "grdbZone") { t in
                t.primaryKey("zoneName", .text)
                t.column("token", .blob)
            }
        }
        try migrator.migrate(pool)
        self.pool = pool
    }

    func close() { pool = nil }
    private func opened() throws -> DatabasePool {
        guard let pool else { throw BenchmarkFailure.sqlite("not open") }
        return pool
    }

    func bulkSave() throws {
        try opened().write { db in
            for note in notes { try note.insert(db) }
        }
    }

    func loadAll() throws -> Int {
        try opened().read { db in try GRDBNote.fetchAll(db) }.reduce(0) { $0 &+ Int($1.count) }
    }

    func fetch(_ indices: [Int]) throws -> Int {
        let pool = try opened()
        var sum = 0
        for index in indices {
            let note = notes[index]
            let key = ["ownerName": note.ownerName, "zoneName": note.zoneName, "recordName": note.recordName]
            guard let found = try pool.read({ db in try GRDBNote.fetchOne(db, key: key) }) else { throw BenchmarkFailure.sqlite("missing") }
            sum &+= Int(found.count)
        }
        return sum
    }

    func singleSaves(_ indices: [Int]) throws {
        let pool = try opened()
        for index in indices {
            var note = notes[index]
            note.count += 1
            try pool.write { db in try note.upsert(db) }
        }
    }

    func applyPage(_ indices: [Int]) throws {
        try opened().write { db in
            for index in indices {
                var note = notes[index]
                note.changeTag = "server-" + note.changeTag
                note.text += "!"
                try note.upsert(db)
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO grdbZone (zoneName, token) VALUES (?, ?)",
                arguments: [NoteValues.zone.zoneName, Data(repeating: 7, count: 64)])
        }
    }
}
