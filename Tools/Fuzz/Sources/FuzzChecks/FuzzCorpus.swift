import Foundation

/// The committed inputs of one fuzz target: every file in `Corpus/<target>/` and `Regressions/<target>/`.
public enum FuzzCorpus {
    /// `<repository root>/Tools/Fuzz`.
    public static func fuzzFolder(fromRepositoryRoot root: URL) -> URL {
        root.appendingPathComponent("Tools/Fuzz", isDirectory: true)
    }

    /// The files of `target`, sorted by path, as (path relative to Tools/Fuzz, contents).
    public static func inputs(of target: String, in fuzzFolder: URL) -> [(name: String, data: Data)] {
        var found: [(name: String, data: Data)] = []
        for folder in ["Corpus", "Regressions"] {
            let directory = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                if let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) {
                    found.append(("\(folder)/\(target)/\(name)", data))
                }
            }
        }
        return found
    }
}
