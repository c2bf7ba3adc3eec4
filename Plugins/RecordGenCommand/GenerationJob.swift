import Foundation

/// One target for `generate-records`: its schemas and `recordgen-config.json`, the folder its generated files go
/// to, and the Swift files already in it, which a generated file must not share a name with.
struct GenerationJob: Sendable, Hashable {
    /// The target's name, for messages.
    var targetName: String
    /// The target's schemas, sorted by path.
    var schemas: [URL]
    /// The `Generated/` folder the files are written to.
    var destination: URL
    /// The target's Swift files outside `destination`.
    var sources: [URL]
    /// Every `recordgen-config.json` of the target, sorted by path; ``configuration(displayRoot:)`` picks the one.
    var configurations: [URL]

    /// Picks the schemas, the configuration and the other Swift sources out of a target's files; `extraFiles`
    /// adds schemas and configurations the target's file list does not show (excluded in the manifest).
    init(targetName: String, files: [URL], extraFiles: [URL] = [], destination: URL) {
        self.targetName = targetName
        var seen: Set<String> = []
        let all = (files + extraFiles).filter { seen.insert($0.filePath).inserted }
        self.schemas = SchemaPlan.schemas(in: all)
        self.configurations = all.filter { $0.lastPathComponent == RecordGenOutputFileNames.configurationFileName }
            .sorted { $0.filePath < $1.filePath }
        self.destination = destination
        let generatedPrefix = destination.filePath + "/"
        self.sources = files.filter { $0.pathExtension == "swift" && !$0.filePath.hasPrefix(generatedPrefix) }
    }

    /// The first source file whose name a generated file would take (compared as recordgen compares outputs:
    /// without case), if any.
    func clash(with generatedName: String) -> URL? {
        sources.first { RecordGenOutputFileNames.collide($0.lastPathComponent, generatedName) }
    }

    /// The target's one configuration, or nil; two are refused (the build plugin's rule).
    func configuration(displayRoot: URL) throws(PluginError) -> URL? {
        try SchemaPlan.configuration(in: configurations, displayRoot: displayRoot)
    }

    /// The schemas anywhere under a target's folder, including those the manifest excludes from the target
    /// (teams that commit generated code exclude the schema, so that SwiftPM does not warn about an unhandled
    /// file). Sorted by path.
    static func schemas(under folder: URL) -> [URL] {
        SchemaPlan.schemas(in: inputs(under: folder))
    }

    /// The schemas and configurations anywhere under a target's folder, excluded from the target or not.
    static func inputs(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [URL] = []
        for case let file as URL in walker
        where file.lastPathComponent.hasSuffix(SchemaPlan.schemaSuffix)
            || file.lastPathComponent == RecordGenOutputFileNames.configurationFileName
        {
            found.append(file)
        }
        return found.sorted { $0.filePath < $1.filePath }
    }

    /// The names of the files recordgen wrote into `destination` (those with its header), sorted.
    func generatedFileNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: destination.filePath)) ?? []
        return names.filter {
            $0.hasSuffix(".swift") && GeneratedHeader.isPresent(in: destination.appendingPathComponent($0))
        }.sorted()
    }
}
