import RecordSchema

/// The record type of the foundation benchmark's notes (ArchiveBenchmark's `NoteValues.record`), as a schema:
/// the generated `Note` model reads and writes exactly the fields those records hold.
enum FoundationNoteSchema {
    static func make() -> Schema {
        let here = SourceLocation(file: "BenchmarkNote.records.xml", line: 1, column: 1)
        let fields = [
            Field(name: "text", type: .scalar(.string), location: here),
            Field(name: "count", type: .scalar(.int64), location: here),
            Field(name: "tags", type: .list(of: .string), location: here),
            Field(name: "ratio", type: .scalar(.double), location: here),
            Field(name: "attachment", type: .scalar(.bytes), location: here),
            Field(name: "folder", type: .scalar(.reference), isOptional: true, location: here),
        ]
        let note = RecordType(name: "Note", doc: "The foundation benchmark's note.", fields: fields, location: here)
        return Schema(name: "BenchmarkNote", records: [note], location: here)
    }
}
