import Foundation

/// Writes generated files into a folder: only files whose text changed are written (so their modification
/// times, and the builds that depend on them, stay put), and generated files that no longer belong are removed.
/// Files without the generator's header are never touched.
public struct OutputWriter: Sendable {
    /// What a run did, by file name, sorted.
    public struct Summary: Sendable, Hashable {
        public var written: [String] = []
        public var unchanged: [String] = []
        public var removed: [String] = []
    }

    /// Why writing failed.
    public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): error: \(reason)" }
    }

    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes `files`, then (unless `removingStale` is false) removes the generated files the folder holds that
    /// are not among them. Pass false when several runs share one folder, as the build plugin's one run per
    /// schema does: each run would otherwise remove the others' files.
    public func write(_ files: [GeneratedFile], removingStale: Bool = true) throws(WriteError) -> Summary {
        var summary = Summary()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory.path, reason: "cannot create the output folder: \(error.localizedDescription)")
        }
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if let existing = try? Data(contentsOf: url), existing == data {
                summary.unchanged.append(file.name)
                continue
            }
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw WriteError(path: url.path, reason: "cannot write: \(error.localizedDescription)")
            }
            summary.written.append(file.name)
        }
        let keep = Set(files.map(\.name))
        for name in removingStale ? staleGeneratedFiles(keeping: keep) : [] {
            let url = directory.appendingPathComponent(name)
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw WriteError(path: url.path, reason: "cannot remove a stale generated file: \(error.localizedDescription)")
            }
            summary.removed.append(name)
        }
        summary.written.sort()
        summary.unchanged.sort()
        return summary
    }

    /// `.swift` files in the folder (not below it) that carry the generator's header and are not in `keep`.
    private func staleGeneratedFiles(keeping keep: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let marker = Data(RecordGenOutputFileNames.generatedFileMarker.utf8)
        return names.sorted().filter { name in
            guard name.hasSuffix(".swift"), !keep.contains(name) else { return false }
            guard let handle = FileHandle(forReadingAtPath: directory.appendingPathComponent(name).path) else { return false }
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: marker.count)) ?? Data()
            return head == marker
        }
    }
}
