import RecordSchema

/// A schema of `typeCount` record types with `fieldsPerType` fields each, cycling through every kind and
/// Swift mapping, so the benchmark renders every code path.
enum SyntheticSchema {
    static func make(typeCount: Int, fieldsPerType: Int) -> Schema {
        let here = SourceLocation(file: "Synthetic.records.xml", line: 1, column: 1)
        let status = EnumType(name: "Status", kind: .string, cases: [
            EnumCase(name: "open", value: "open", location: here),
            EnumCase(name: "closed", value: "closed", location: here),
        ], location: here)
        let shapes: [(SchemaFieldType, Field.SwiftRepresentation?, String?, String?, Bool)] = [
            (.scalar(.string), nil, nil, "", false),
            (.scalar(.int64), nil, nil, "0", false),
            (.scalar(.int64), .bool, nil, "false", false),
            (.scalar(.int64), .int, nil, nil, true),
            (.scalar(.double), nil, nil, "1.5", false),
            (.scalar(.timestamp), nil, nil, nil, false),
            (.scalar(.bytes), nil, nil, nil, true),
            (.scalar(.string), .uuid, nil, nil, false),
            (.scalar(.string), nil, "Status", "open", false),
            (.list(of: .string), nil, nil, nil, false),
            (.scalar(.reference), nil, nil, nil, true),
            (.scalar(.location), nil, nil, nil, true),
        ]
        var records: [RecordType] = []
        for typeIndex in 0..<typeCount {
            var fields: [Field] = []
            for fieldIndex in 0..<fieldsPerType {
                let shape = shapes[fieldIndex % shapes.count]
                fields.append(Field(
                    name: "field\(fieldIndex)", type: shape.0, doc: fieldIndex == 0 ? "The first field." : nil,
                    representation: shape.1, enumName: shape.2, isOptional: shape.4, defaultValue: shape.3,
                    since: fieldIndex % 5 == 4 && shape.3 != nil ? 2 : 1, location: here))
            }
            records.append(RecordType(
                name: "Type\(typeIndex)", doc: "Synthetic type \(typeIndex).", version: 2, versionField: "version",
                fields: fields,
                merge: MergeRule(strategy: .lastWriterWins, clock: "field5", lists: .union, location: here),
                location: here))
        }
        return Schema(name: "Synthetic", enums: [status], records: records, location: here)
    }
}
