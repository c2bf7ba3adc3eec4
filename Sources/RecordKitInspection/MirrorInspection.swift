import Foundation
import RecordKit
import RecordKitCoreDataMirror

/// `recordgen inspect` on an NSPersistentCloudKitContainer store (an SQLite file with the ANSCK* tables): its
/// databases and zones with their tokens, its records with change tags and pending flags, the pending counts and
/// every problem the reader met. Entity rows are not read here (they need the app's schema).
enum MirrorInspection {
    /// Whether `path` starts like an SQLite database.
    static func isSQLite(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\0".utf8)
    }

    static func report(path: String, format: Inspection.Format, limit: Int?) throws(InspectFailure) -> String {
        let contents: MirrorStoreContents
        do {
            contents = try MirrorStoreReader.read(path: path, entities: [])
        } catch {
            throw .decoding("\(error)")
        }
        switch format {
        case .text: return text(contents, path: path, limit: limit)
        case .json: return json(contents, path: path, limit: limit).printed
        }
    }

    private static func text(_ contents: MirrorStoreContents, path: String, limit: Int?) -> String {
        var text = InspectText()
        text.line("\(path): Core Data mirror store (NSPersistentCloudKitContainer), \(contents.records.count) records")
        text.labelled("pending", "\(contents.pendingUploadCount) uploads, \(contents.pendingCloudDeleteCount) cloud deletes, \(contents.pendingLocalDeleteCount) local deletes")
        for database in contents.databases {
            text.line("database \(database.name ?? "?") (scope \(database.scope))")
            text.deeper()
            text.labelled("token", database.changeToken.map(InspectTextRecord.token) ?? "none")
            text.shallower()
        }
        for zone in contents.zones {
            text.line("zone \(InspectTextRecord.zone(zone.zoneID))")
            text.deeper()
            text.labelled("token", zone.changeToken.map(InspectTextRecord.token) ?? "none")
            text.labelled("flags", flags([("exists on server", zone.existsOnServer), ("needs import", zone.needsImport), ("needs recovery", zone.needsRecovery)]))
            text.shallower()
        }
        let shown = limit.map { Array(contents.records.prefix($0)) } ?? contents.records
        for record in shown {
            text.line("record \(record.id.recordName)")
            text.deeper()
            text.labelled("entity", "\(record.entityName ?? "entity \(record.entityID)") row \(record.entityPrimaryKey)")
            text.labelled("flags", flags([("needs upload", record.needsUpload), ("needs cloud delete", record.needsCloudDelete), ("needs local delete", record.needsLocalDelete)]))
            if let server = record.serverRecord {
                text.labelled("server record", "\(server.recordType), change tag \(server.system.changeTag ?? "none"), \(server.fields.count + server.encryptedFields.count) fields")
            } else {
                text.labelled("server record", "none")
            }
            text.shallower()
        }
        if shown.count < contents.records.count {
            text.line("... \(contents.records.count - shown.count) more records (--limit 0 shows all)")
        }
        for problem in contents.problems {
            text.labelled("problem", problem.description)
        }
        return text.printed
    }

    private static func flags(_ flags: [(String, Bool)]) -> String {
        let set = flags.filter(\.1).map(\.0)
        return set.isEmpty ? "none" : set.joined(separator: ", ")
    }

    private static func json(_ contents: MirrorStoreContents, path: String, limit: Int?) -> InspectJSONValue {
        typealias Value = InspectJSONValue
        let shown = limit.map { Array(contents.records.prefix($0)) } ?? contents.records
        return .members([
            "file": .string(path),
            "format": .string("coreDataMirrorStore"),
            "pending": .members([
                "uploads": .integer(Int64(contents.pendingUploadCount)),
                "cloudDeletes": .integer(Int64(contents.pendingCloudDeleteCount)),
                "localDeletes": .integer(Int64(contents.pendingLocalDeleteCount)),
            ]),
            "databases": .array(contents.databases.map { database in
                .members([
                    "scope": .integer(Int64(database.scope)), "name": Value.text(database.name),
                    "changeToken": database.changeToken.map(InspectJSONRecord.token),
                ])
            }),
            "zones": .array(contents.zones.map { zone in
                .members([
                    "zone": InspectJSONRecord.zone(zone.zoneID),
                    "databaseScope": zone.databaseScope.map { .integer(Int64($0)) },
                    "changeToken": zone.changeToken.map(InspectJSONRecord.token),
                    "existsOnServer": .bool(zone.existsOnServer), "needsImport": .bool(zone.needsImport),
                    "needsRecovery": .bool(zone.needsRecovery),
                ])
            }),
            "recordCount": .integer(Int64(contents.records.count)),
            "records": .array(shown.map { record in
                .members([
                    "id": InspectJSONRecord.recordID(record.id),
                    "entity": Value.text(record.entityName), "entityPrimaryKey": .integer(Int64(record.entityPrimaryKey)),
                    "needsUpload": .bool(record.needsUpload), "needsCloudDelete": .bool(record.needsCloudDelete),
                    "needsLocalDelete": .bool(record.needsLocalDelete),
                    "serverRecord": record.serverRecord.map(InspectJSONRecord.record),
                ])
            }),
            "problems": .array(contents.problems.map { .members(["subject": .string($0.subject), "message": .string($0.message)]) }),
        ])
    }
}
