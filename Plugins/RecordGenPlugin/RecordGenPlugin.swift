import Foundation
import PackagePlugin

/// The RecordKit build tool plugin: every `*.records.xml` among a target's files becomes one generated Swift file
/// in the plugin's work directory.
///
/// Each schema gets its own build command whose inputs are the schema, the target's `recordgen-config.json` (if
/// it has one) and the `recordgen` executable, and whose single output is the file
/// `recordgen generate --file-per-schema` writes, so SwiftPM and Xcode rerun it only when one of those changes,
/// and a rebuild with no change runs and compiles nothing.
@main
struct RecordGenPlugin {
    /// The commands for one target, shared by the SwiftPM and Xcode entry points.
    ///
    /// - Parameters:
    ///   - files: the target's files; the schemas among them are used, the Swift files checked for name clashes.
    ///   - targetName: the target's name, for messages.
    ///   - workDirectory: the plugin's work directory for this target.
    ///   - displayRoot: the package or project folder, so messages show short paths.
    ///   - tool: looks up `recordgen`.
    func commands(
        files: [URL],
        targetName: String,
        workDirectory: URL,
        displayRoot: URL,
        tool: (String) throws -> PluginContext.Tool
    ) throws -> [Command] {
        let outputDirectory = workDirectory.appendingPathComponent("GeneratedSources")
        let plan: SchemaPlan
        do {
            plan = try SchemaPlan(files: files, outputDirectory: outputDirectory, displayRoot: displayRoot)
        } catch {
            // An error diagnostic fails the build; attached to the schema, Xcode shows it there. Throwing as well
            // would print the message twice.
            Diagnostics.error(error.description, file: error.file, line: nil)
            return []
        }
        guard !plan.entries.isEmpty else {
            Diagnostics.warning(
                "target '\(targetName)' uses RecordGenPlugin but holds no *.records.xml schema; nothing is generated"
            )
            return []
        }
        let recordgen = try tool("recordgen").url
        return plan.entries.map { entry in
            .buildCommand(
                displayName: "Generating \(entry.output.lastPathComponent) from \(entry.schema.lastPathComponent)",
                executable: recordgen,
                arguments: GeneratorArguments.filePerSchema(
                    schema: entry.schema, outputDirectory: outputDirectory, configuration: plan.configuration),
                inputFiles: [entry.schema, recordgen] + (plan.configuration.map { [$0] } ?? []),
                outputFiles: [entry.output]
            )
        }
    }
}

extension RecordGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let sourceTarget = target as? SwiftSourceModuleTarget else {
            throw PluginError.notASwiftTarget(target: target.name)
        }
        return try commands(
            files: sourceTarget.sourceFiles.map(\.url),
            targetName: target.name,
            workDirectory: context.pluginWorkDirectoryURL,
            displayRoot: context.package.directoryURL,
            tool: context.tool(named:)
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RecordGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try commands(
            files: target.inputFiles.map(\.url),
            targetName: target.displayName,
            workDirectory: context.pluginWorkDirectoryURL,
            displayRoot: context.xcodeProject.directoryURL,
            tool: context.tool(named:)
        )
    }
}
#endif
