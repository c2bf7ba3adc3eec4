import Foundation

/// Finds names that differ only in letter case: one file or folder on a case-insensitive file system (the macOS
/// default), and products or targets that SwiftPM confuses there.
enum CaseClashes {
    /// Groups of distinct spellings that fold to the same lower-case text, each group sorted, groups sorted.
    static func groups(in names: some Sequence<String>) -> [[String]] {
        var spellings: [String: Set<String>] = [:]
        for name in names { spellings[name.lowercased(), default: []].insert(name) }
        return spellings.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// Every path and every folder above it: `a/b/c` gives `a`, `a/b` and `a/b/c`, so two folders that differ in
    /// case clash even when the files inside them do not.
    static func pathsWithFolders(_ paths: some Sequence<String>) -> Set<String> {
        var all: Set<String> = []
        for path in paths {
            var prefix = ""
            for component in path.split(separator: "/") {
                prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
                all.insert(prefix)
            }
        }
        return all
    }

    /// The string literals a manifest gives as `name:`: the package, its products and targets, and the
    /// dependencies' products it names.
    static func manifestNames(_ manifest: String) -> [String] {
        var names: [String] = []
        var rest = manifest[...]
        while let label = rest.range(of: "name:") {
            rest = rest[label.upperBound...]
            let trimmed = rest.drop { $0 == " " }
            guard trimmed.first == "\"" else { continue }
            let body = trimmed.dropFirst()
            guard let close = body.firstIndex(of: "\"") else { break }
            names.append(String(body[..<close]))
            rest = body[close...]
        }
        return names
    }
}
