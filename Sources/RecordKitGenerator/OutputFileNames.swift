// This file is shared, by symlink, with the SwiftPM plugins: it imports nothing, so it compiles anywhere.

/// The names of the files `recordgen generate` writes: one function, used by the tool and by the plugins, so the
/// outputs a build plugin declares are exactly the files the tool writes.
public enum RecordGenOutputFileNames {
    /// The schema file suffix; a schema's stem is its file name without it.
    public static let schemaSuffix = ".records.xml"

    /// The file holding one record type or enum: `Note.swift`.
    public static func fileName(forType typeName: String) -> String {
        typeName + ".swift"
    }

    /// The file holding everything generated from one schema (`--file-per-schema`): `Notes.swift` for
    /// `Schemas/Notes.records.xml`.
    public static func fileName(forSchemaAt path: String) -> String {
        schemaStem(path) + ".swift"
    }

    /// The same, from the schema's file name alone (what a plugin has at hand).
    public static func fileName(forSchemaFileName name: String) -> String {
        fileName(forSchemaAt: name)
    }

    /// The schema's file name without directories and without `.records.xml` (or, for other schema files,
    /// without their last extension).
    public static func schemaStem(_ path: String) -> String {
        let fileName = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        if fileName.hasSuffix(schemaSuffix), fileName.count > schemaSuffix.count {
            return String(fileName.dropLast(schemaSuffix.count))
        }
        if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex {
            return String(fileName[..<dot])
        }
        return fileName
    }

    /// A name two output files share, compared without case (macOS and Windows file systems ignore case);
    /// nil when all are distinct.
    public static func firstCollision(in fileNames: [String]) -> String? {
        var seen: Set<String> = []
        for name in fileNames where !seen.insert(name.lowercased()).inserted { return name }
        return nil
    }
}
