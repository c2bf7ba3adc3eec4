import Foundation
import RecordKit

/// Reads the entity rows of the app's entity hierarchies through its schema: the root's table `Z<ROOT>`, a column
/// `Z<NAME>` per field, `Z_ENT` naming the (sub-)entity of each row.
enum MirrorRowReading {
    static func read(
        _ database: SQLiteSnapshot, tables: Set<String>, entities: [MirrorEntity], entityNames: [Int: MirrorEntityName],
        records: [MirroredRecord], problems: inout [MirrorProblem]
    ) throws(MirrorStoreError) -> [MirroredRow] {
        // A to-one relationship column holds the related row's Z_PK; its record is the one mirroring that row.
        var recordNamesByPrimaryKey: [Int: [String]] = [:]
        for record in records {
            recordNamesByPrimaryKey[record.entityPrimaryKey, default: []].append(record.id.recordName)
        }
        var rows: [MirroredRow] = []
        for entity in entities {
            let numbers = entityNumbers(of: entity.entityName, in: entityNames)
            guard !numbers.isEmpty else {
                problems.append(MirrorProblem(subject: entity.recordType, message: "the store has no entity \(entity.entityName) (Z_PRIMARYKEY)"))
                continue
            }
            let table = "Z" + entity.entityName.uppercased()
            guard tables.contains(table) else {
                problems.append(MirrorProblem(subject: entity.recordType, message: "the store has no table \(table)"))
                continue
            }
            let columns = Set(try database.columns(of: table))
            var read: [MirrorField] = []
            for field in entity.fields where field.name != "CD_entityName" {
                if columns.contains(field.columnName) {
                    read.append(field)
                } else if !isCloudKitOnly(field.name) {
                    problems.append(MirrorProblem(subject: "\(entity.recordType).\(field.name)", message: "no column \(field.columnName) in \(table): the store was written by another model version"))
                }
            }
            let selected = (["Z_PK", "Z_ENT"] + read.map(\.columnName)).map(SQLiteSnapshot.quoted).joined(separator: ", ")
            let sql = "SELECT \(selected) FROM \(SQLiteSnapshot.quoted(table)) WHERE Z_ENT IN (\(numbers.map(String.init).joined(separator: ", "))) ORDER BY Z_PK"
            try database.query(sql) { row in
                guard let primaryKey = row.int(0), let number = row.int(1) else { return }
                let entityName = entityNames[Int(number)]?.name ?? entity.entityName
                var mirrored = MirroredRow(
                    recordType: entity.recordType, entityName: entityName, primaryKey: Int(primaryKey),
                    fields: ["CD_entityName": .string(entityName)], encryptedFields: [:], relationships: [:],
                    readFieldNames: ["CD_entityName"] + read.map(\.name)
                )
                for (index, field) in read.enumerated() {
                    let subject = "\(entity.recordType) row \(primaryKey) \(field.name)"
                    guard let value = value(row, column: Int32(index + 2), field: field, subject: subject,
                                            recordNames: recordNamesByPrimaryKey, relationships: &mirrored.relationships,
                                            problems: &problems)
                    else { continue }
                    if field.isEncrypted {
                        mirrored.encryptedFields.set(value, forKey: field.name)
                    } else {
                        mirrored.fields.set(value, forKey: field.name)
                    }
                }
                rows.append(mirrored)
            }
        }
        return rows
    }

    /// Fields CloudKit has but no column holds: `_ckAsset` companions of large values and the move receipt.
    private static func isCloudKitOnly(_ name: String) -> Bool {
        name.hasSuffix("_ckAsset") || name == "CD_moveReceipt"
    }

    /// The entity numbers of `root` and every entity below it.
    private static func entityNumbers(of root: String, in names: [Int: MirrorEntityName]) -> [Int] {
        names.keys.sorted().filter { number in
            var current = number
            var steps = 0
            while let entry = names[current], steps <= names.count {
                if entry.name == root { return true }
                current = entry.parent
                steps += 1
            }
            return false
        }
    }

    /// A column's value as the field's kind; nil for NULL, and nil with a problem for a value of another kind.
    private static func value(
        _ row: SQLiteRow, column: Int32, field: MirrorField, subject: String, recordNames: [Int: [String]],
        relationships: inout [String: String], problems: inout [MirrorProblem]
    ) -> FieldValue? {
        let storage = row.storage(column)
        switch (field.kind, storage) {
        case (_, .null):
            return nil
        case (.string, .text), (.uuidString, .text):
            return row.text(column).map(FieldValue.string)
        case (.string, .integer):
            let primaryKey = Int(row.int(column) ?? 0)
            guard let names = recordNames[primaryKey], names.count == 1, let name = names.first else {
                problems.append(MirrorProblem(subject: subject, message: "relationship to row \(primaryKey), which \(recordNames[primaryKey] == nil ? "no record mirrors" : "several records could mirror")"))
                return nil
            }
            relationships[field.name] = name
            return .string(name)
        case (.uuidString, .blob):
            guard let bytes = row.blob(column), bytes.count == 16 else { break }
            let b = [UInt8](bytes)
            let uuid = UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
            return .string(uuid.uuidString)
        case (.int64, .integer):
            return row.int(column).map(FieldValue.int64)
        case (.double, .real), (.double, .integer):
            return row.double(column).map(FieldValue.double)
        case (.timestamp, .real), (.timestamp, .integer):
            return row.double(column).map { .timestamp(Date(timeIntervalSinceReferenceDate: $0)) }
        case (.bytes, .blob), (.bytes, .text):
            // Core Data binds binary values as blobs, but rows holding text in a binary column exist (the real
            // store has them): its bytes are the value.
            return row.blob(column).map(FieldValue.bytes)
        default:
            break
        }
        problems.append(MirrorProblem(subject: subject, message: "a stored \(storage) where the schema says \(field.kind)"))
        return nil
    }
}
