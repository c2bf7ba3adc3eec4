import RecordSchema

/// Schemas built in code, so renderer tests do not depend on the XML reader.
enum SchemaFixtures {
    static func here(_ line: Int = 1) -> SourceLocation { SourceLocation(file: "Fixture.records.xml", line: line, column: 1) }

    /// The note app's schema, as DESIGN.md writes it.
    static let notes = Schema(
        name: "Notes",
        doc: "The note app: one note, in a custom zone of the private database.",
        zones: [Zone(name: "note-zone", database: .private, location: here(4))],
        enums: [
            EnumType(name: "Priority", kind: .int64, cases: [
                EnumCase(name: "low", value: "0", location: here(6)),
                EnumCase(name: "high", value: "1", location: here(7)),
            ], location: here(5)),
        ],
        records: [
            RecordType(
                name: "Note", doc: "A note, synced across a person's devices.", version: 2, zone: "note-zone",
                versionField: "version", onNewerVersion: .reject,
                fields: [
                    Field(name: "text", type: .scalar(.asset), location: here(12)),
                    Field(name: "modified", type: .scalar(.timestamp), isQueryable: true, isSortable: true, location: here(13)),
                    Field(name: "title", type: .scalar(.string), defaultValue: "", since: 2, isSearchable: true, location: here(14)),
                    Field(name: "tags", type: .list(of: .string), since: 2, location: here(15)),
                    Field(name: "priority", type: .scalar(.int64), enumName: "Priority", defaultValue: "low", location: here(16)),
                    Field(name: "pinned", type: .scalar(.int64), representation: .bool, defaultValue: "false", location: here(17)),
                    Field(name: "uuid", type: .scalar(.string), representation: .uuid, location: here(18)),
                    Field(name: "folder", type: .scalar(.reference), referenceTarget: "Folder", referenceAction: .deleteSelf, isOptional: true, location: here(19)),
                    Field(name: "secret", type: .scalar(.string), isOptional: true, isEncrypted: true, location: here(20)),
                    Field(name: "place", type: .scalar(.location), isOptional: true, location: here(21)),
                ],
                retired: [RetiredField(name: "color", type: .scalar(.string), retiredIn: 2, location: here(22))],
                merge: MergeRule(strategy: .lastWriterWins, clock: "modified", location: here(23)),
                location: here(9)),
            // The target of Note's folder reference, so that the schema passes validation.
            RecordType(name: "Folder", zone: "note-zone", location: here(25)),
        ],
        location: here(2))
}

extension SchemaFixtures {
    /// Every Swift mapping, keyword field names, both newer-version rules, an unversioned type and a
    /// client-wins merge with list union: what the consumer tests exercise beyond the note app.
    static let coverage = Schema(
        name: "Coverage",
        enums: [
            EnumType(name: "Status", kind: .string, doc: "Where an article stands.", cases: [
                EnumCase(name: "draft", value: "draft", location: here(3)),
                EnumCase(name: "published", value: "published", doc: "Visible to readers.", location: here(4)),
                EnumCase(name: "default", value: "standard", location: here(5)),
            ], location: here(2)),
        ],
        records: [
            RecordType(
                name: "Article", doc: "An article.\n    Two lines of doc.", version: 3, versionField: "version",
                fields: [
                    Field(name: "title", type: .scalar(.string), location: here(10)),
                    Field(name: "default", type: .scalar(.string), defaultValue: "plain", location: here(11)),
                    Field(name: "class", type: .scalar(.int64), isOptional: true, location: here(12)),
                    Field(name: "record", type: .scalar(.string), isOptional: true, location: here(13)),
                    Field(name: "body", type: .scalar(.bytes), isOptional: true, location: here(14)),
                    Field(name: "rating", type: .scalar(.double), defaultValue: "2.5", location: here(15)),
                    Field(name: "views", type: .scalar(.int64), representation: .int, defaultValue: "0", location: here(16)),
                    Field(name: "link", type: .scalar(.string), representation: .url, isOptional: true, location: here(17)),
                    Field(name: "uuid", type: .scalar(.string), representation: .uuid, location: here(18)),
                    Field(name: "status", type: .scalar(.string), enumName: "Status", defaultValue: "draft", location: here(19)),
                    Field(name: "history", type: .list(of: .string), enumName: "Status", location: here(20)),
                    Field(name: "related", type: .list(of: .reference), referenceTarget: "Article", location: here(21)),
                    Field(name: "scores", type: .list(of: .int64), location: here(22)),
                    Field(name: "published", type: .scalar(.timestamp), isOptional: true, location: here(23)),
                    Field(name: "cover", type: .scalar(.asset), isOptional: true, location: here(24)),
                    Field(name: "where", type: .scalar(.location), isOptional: true, isEncrypted: true, location: here(25)),
                    Field(name: "subtitle", type: .scalar(.string), defaultValue: "", since: 3, location: here(26)),
                    Field(name: "flags", type: .list(of: .int64), since: 2, location: here(27)),
                ],
                merge: MergeRule(strategy: .clientWins, lists: .union, location: here(28)),
                location: here(9)),
            RecordType(
                name: "Receipt", doc: "A receipt: refused when a newer app wrote it.", version: 1, versionField: "version",
                onNewerVersion: .reject,
                fields: [
                    Field(name: "amount", type: .scalar(.double), location: here(31)),
                    Field(name: "paid", type: .scalar(.int64), representation: .bool, location: here(32)),
                ],
                location: here(30)),
            RecordType(
                name: "Plain", version: 1,
                fields: [Field(name: "name", type: .scalar(.string), defaultValue: "", location: here(35))],
                location: here(34)),
            RecordType(name: "Empty", version: 1, versionField: "version", location: here(37)),
            RecordType(
                name: "Awkward", doc: "Field names that collide with generated members.", version: 1,
                fields: [
                    Field(name: "metadata", type: .scalar(.string), isOptional: true, location: here(39)),
                    Field(name: "rawValue", type: .scalar(.int64), isOptional: true, location: here(40)),
                    Field(name: "self", type: .scalar(.double), isOptional: true, location: here(41)),
                ],
                location: here(38)),
        ],
        location: here(1))
}
