import Foundation
import PackagePlugin

/// `swift package generate-records [--target NAME]... [--access public|internal|package]`: writes the generated
/// models into each target's `Generated/` folder, one file per record type and per enum, for teams that commit
/// generated code instead of using the build plugin. A target's `recordgen-config.json` is passed on as
/// `--config`; `--access` wins over it.
///
/// Without `--target`, every Swift target holding a `*.records.xml` file is generated.
@main
struct RecordGenCommand {
    /// Runs recordgen for each job, writing straight into the job's `Generated/` folder: recordgen rewrites only
    /// files whose text changed and removes generated files whose type is gone, and prints what it did.
    ///
    /// - Parameters:
    ///   - root: the package or project folder; recordgen runs there and is given paths relative to it, so the
    ///     DO NOT EDIT headers name the schema by a path that is the same on every machine.
    func run(jobs: [GenerationJob], root: URL, access: String?, tool: PluginContext.Tool) throws {
        for job in jobs {
            let configuration = try job.configuration(displayRoot: root)
            let process = Process()
            process.executableURL = tool.url
            process.arguments = GeneratorArguments.filePerType(
                schemas: job.schemas.map { SchemaPlan.display($0, relativeTo: root) },
                output: SchemaPlan.display(job.destination, relativeTo: root),
                configuration: configuration.map { SchemaPlan.display($0, relativeTo: root) },
                access: access
            )
            process.currentDirectoryURL = root
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw PluginError.generatorFailed(target: job.targetName, status: process.terminationStatus)
            }
            // Swift refuses two files of one name in a module: a record type named like a hand-written file.
            for name in job.generatedFileNames() {
                if let source = job.clash(with: name) {
                    throw PluginError.generatedShadowsSource(
                        generated: SchemaPlan.display(job.destination.appendingPathComponent(name), relativeTo: root),
                        source: SchemaPlan.display(source, relativeTo: root),
                        file: source.filePath
                    )
                }
            }
        }
    }
}

extension RecordGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options = try CommandOptions(parsing: arguments)
        let (targetNames, access) = (options.targets, options.access)
        let candidates: [any Target]
        if targetNames.isEmpty {
            candidates = context.package.targets
        } else {
            let known = Set(context.package.targets.map(\.name))
            let unknown = targetNames.filter { !known.contains($0) }
            guard unknown.isEmpty else { throw PluginError.unknownTargets(unknown) }
            candidates = try context.package.targets(named: targetNames)
        }

        var jobs: [GenerationJob] = []
        for target in candidates {
            guard let source = target as? SwiftSourceModuleTarget else {
                if !targetNames.isEmpty { throw PluginError.notASwiftTarget(target: target.name) }
                continue
            }
            let job = GenerationJob(
                targetName: target.name,
                files: source.sourceFiles.map(\.url),
                extraFiles: GenerationJob.inputs(under: source.directoryURL),
                destination: source.directoryURL.appendingPathComponent("Generated")
            )
            if job.schemas.isEmpty && targetNames.isEmpty { continue }
            guard !job.schemas.isEmpty else { throw PluginError.noSchemas(targets: [target.name]) }
            jobs.append(job)
        }
        guard !jobs.isEmpty else { throw PluginError.noSchemas(targets: candidates.map(\.name)) }
        try run(
            jobs: jobs,
            root: context.package.directoryURL,
            access: access,
            tool: try context.tool(named: "recordgen")
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RecordGenCommand: XcodeCommandPlugin {
    /// In an Xcode project the generated files go into a `Generated/` folder beside the target's first schema;
    /// add that folder to the target once (or use a folder reference) so Xcode compiles what lands there.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let options = try CommandOptions(parsing: arguments)
        let (targetNames, access) = (options.targets, options.access)
        let targets = context.xcodeProject.targets.filter {
            targetNames.isEmpty || targetNames.contains($0.displayName)
        }
        let unknown = targetNames.filter { name in !targets.contains { $0.displayName == name } }
        guard unknown.isEmpty else { throw PluginError.unknownTargets(unknown) }

        var jobs: [GenerationJob] = []
        for target in targets {
            let files = target.inputFiles.map(\.url)
            guard let first = SchemaPlan.schemas(in: files).first else {
                if !targetNames.isEmpty { throw PluginError.noSchemas(targets: [target.displayName]) }
                continue
            }
            jobs.append(
                GenerationJob(
                    targetName: target.displayName,
                    files: files,
                    destination: first.deletingLastPathComponent().appendingPathComponent("Generated")
                )
            )
        }
        guard !jobs.isEmpty else { throw PluginError.noSchemas(targets: targets.map(\.displayName)) }
        try run(
            jobs: jobs,
            root: context.xcodeProject.directoryURL,
            access: access,
            tool: try context.tool(named: "recordgen")
        )
    }
}
#endif
