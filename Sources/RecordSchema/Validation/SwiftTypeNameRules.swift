/// Rules about the Swift types a schema becomes: names generated code could not reach, and names whose
/// generated files would clash on a file system that ignores case (macOS, Windows).
extension ValidationContext {
    /// Modules generated code qualifies names with (`Swift.String`, `Foundation.Date`, `RecordKit.Record`).
    static let modulesGeneratedCodeNames: Set<String> = ["Swift", "Foundation", "RecordKit"]

    /// RK132, RK133.
    mutating func checkSwiftTypeNames() {
        var byFoldedName: [String: (name: String, location: SourceLocation)] = [:]
        let types = schema.records.map { (name: $0.name, location: place("type", of: $0.location), isEnum: false) }
            + schema.enums.map { (name: $0.name, location: place("name", of: $0.location), isEnum: true) }
        for type in types {
            let what = type.isEnum ? "enum" : "record type"
            if Self.modulesGeneratedCodeNames.contains(type.name) {
                error(.typeNameHidesModule, at: type.location,
                      "\(what) '\(type.name)' would hide the \(type.name) module from generated code: rename it")
            } else if type.isEnum, type.name == "Field" {
                error(.typeNameHidesModule, at: type.location,
                      "enum 'Field' would be shadowed by the Field enum nested in every generated model: rename it")
            }
            // Exact duplicates are RK101 and RK102; here only names that differ in case and nothing else.
            let folded = type.name.lowercased()
            if let first = byFoldedName[folded], first.name != type.name {
                error(.typeNamesDifferInCase, at: type.location,
                      "\(what) '\(type.name)' differs from '\(first.name)' (line \(first.location.line)) only in letter case, so their generated files clash on macOS: rename one")
            } else if byFoldedName[folded] == nil {
                byFoldedName[folded] = (type.name, type.location)
            }
        }
    }
}
