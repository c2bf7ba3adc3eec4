import Foundation
import RecordSchema

/// The checks behind the schema-reader fuzz targets: read, and when a schema comes out, write it with our own
/// writer, read that again and require the same schema. A reader that produces nothing must say why.
public enum SchemaFuzzChecks {
    /// Every schema target by name (the folder names under Corpus/ and Regressions/).
    public static let all: [String: @Sendable (Data) throws(FuzzInvariantFailure) -> FuzzOutcome] = [
        "FuzzRecordsXML": recordsXML,
        "FuzzCKDB": ckdb,
        "FuzzCoreData": coreData,
    ]

    /// `SchemaLoader.load(data:path:)`; a schema read is written with `RecordsXMLWriter` and must read back
    /// the same, with the same validation diagnostics.
    public static func recordsXML(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let loaded = SchemaLoader.load(data: data, path: "fuzz.records.xml")
        guard let schema = loaded.schemas.first else {
            try require(loaded.hasErrors, "no schema and no error diagnostic")
            return .rejected(loaded.diagnostics.first?.description ?? "")
        }
        try xmlRoundTrip(schema)
        return loaded.hasErrors ? .rejected(loaded.diagnostics.first?.description ?? "") : .decoded
    }

    /// `CKDBParser.parse`; the imported schema exported with `CKDBWriter` must parse, and importing and
    /// exporting that again must give the same text.
    public static func ckdb(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        guard let text = String(data: data, encoding: .utf8) else { return .rejected("not UTF-8") }
        let document: CKDBDocument
        do { document = try CKDBParser.parse(text, file: "fuzz.ckdb") } catch { return .rejected(error.description) }
        let start = SourceLocation(file: "fuzz.ckdb", line: 1, column: 1)
        let imported = CKDBImporter.makeSchema(from: document, name: "Fuzz", location: start)
        let exported = CKDBWriter.write(imported.schema)
        let reparsed = try mustSucceed("parsing the exported .ckdb") { () throws(CKDBSyntaxError) in
            try CKDBParser.parse(exported, file: "export.ckdb")
        }
        let again = CKDBImporter.makeSchema(from: reparsed, name: "Fuzz", location: start)
        let exportedAgain = CKDBWriter.write(again.schema)
        try require(exportedAgain == exported, "a .ckdb export imported and exported again changed:\n\(exported)\n---\n\(exportedAgain)")
        return .decoded
    }

    /// `CoreDataModelReader.read(bytes:file:modelName:)`; a model read is mapped to a schema, which must
    /// survive the `.records.xml` round trip and export to .ckdb text that parses.
    public static func coreData(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let read = CoreDataModelReader.read(bytes: [UInt8](data), file: "contents", modelName: "Fuzz")
        guard let model = read.model else {
            try require(read.diagnostics.hasErrors, "no model and no error diagnostic")
            return .rejected(read.diagnostics.first?.description ?? "")
        }
        let mapped = CoreDataCloudKitMapper.makeSchema(from: model)
        try xmlRoundTrip(mapped.schema)
        _ = try mustSucceed("parsing the .ckdb export of a Core Data model") { () throws(CKDBSyntaxError) in
            try CKDBParser.parse(CKDBWriter.write(mapped.schema), file: "export.ckdb")
        }
        return .decoded
    }

    /// Writes `schema` as `.records.xml`, reads it back and requires the same text again and
    /// the same validation diagnostics (severities and codes).
    private static func xmlRoundTrip(_ schema: Schema) throws(FuzzInvariantFailure) {
        let text = RecordsXMLWriter.write(schema)
        let read = SchemaReader().read(data: Data(text.utf8), path: "written.records.xml")
        let (reread, readDiagnostics) = (read.schema, read.diagnostics)
        guard let again = reread else {
            throw FuzzInvariantFailure("the written .records.xml does not read back: \(readDiagnostics.map(\.description))\n\(text)")
        }
        let textAgain = RecordsXMLWriter.write(again)
        try require(textAgain == text, "a schema written as .records.xml reads back different:\n\(text)\n---\n\(textAgain)")
        let before = SchemaValidator.validate(schema).map { "\($0.severity) \($0.code)" }.sorted()
        let after = SchemaValidator.validate(again).map { "\($0.severity) \($0.code)" }.sorted()
        try require(before == after, "validation differs after a .records.xml round trip: \(before) vs \(after)")
    }
}
