import Foundation

/// Expands the paths a user gave (files and folders) into the schema files to read.
public enum SchemaFiles {
    /// The suffix of schema files.
    public static let suffix = ".records.xml"

    /// Files are kept as given (whatever their name: the user chose them); folders are searched recursively for
    /// `*.records.xml`, skipping hidden folders such as `.build`, and their files sorted by path. Paths stay
    /// relative when given relative: `Schemas/` yields `Schemas/Examples/Showcase.records.xml`.
    /// A path that does not exist is RK001; a folder without schema files is RK008 (a warning).
    public static func expand(_ paths: [String]) -> (files: [String], diagnostics: [Diagnostic]) {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        var seen = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                diagnostics.append(Diagnostic(.error, "no such file or folder: \(path)", at: nil, code: .fileUnreadable))
                continue
            }
            let found = isDirectory.boolValue ? schemaFiles(inFolder: path) : [path]
            if found.isEmpty {
                diagnostics.append(Diagnostic(
                    .warning, "the folder \(path) holds no \(suffix) file", at: nil, code: .noSchemaFiles
                ))
            }
            for file in found where seen.insert(file).inserted {
                files.append(file)
            }
        }
        return (files, diagnostics)
    }

    /// Every `*.records.xml` below `folder`, sorted, as `folder` joined with the relative path.
    private static func schemaFiles(inFolder folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeDirectory {
                    enumerator.skipDescendants()
                }
                continue
            }
            guard name.hasSuffix(suffix) else { continue }
            found.append(join(folder, relative))
        }
        return found.sorted()
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        if folder == "." { return relative }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
