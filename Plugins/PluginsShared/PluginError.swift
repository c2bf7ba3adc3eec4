import Foundation

/// What the RecordKit plugins refuse, each with what is wrong, where, and how to fix it.
enum PluginError: Error, CustomStringConvertible, Sendable {
    /// The plugin was applied to a target that holds no Swift sources.
    case notASwiftTarget(target: String)
    /// Two schemas of one target would write the same generated file. Paths are for display; `file` is the
    /// absolute path of the second schema, where the diagnostic belongs.
    case duplicateOutput(fileName: String, first: String, second: String, file: String)
    /// A schema's generated file would have the same name as a Swift file already in the target.
    case outputShadowsSource(fileName: String, schema: String, source: String, file: String)
    /// A file `generate-records` wrote has the name of a hand-written Swift file of the target.
    case generatedShadowsSource(generated: String, source: String, file: String)
    /// The target holds committed models from `swift package generate-records` and uses the build plugin too.
    case generatedTwice(schema: String, folder: String, file: String)
    /// A target holds more than one `recordgen-config.json`. Paths are for display; `file` is the second one.
    case multipleConfigurations(first: String, second: String, file: String)
    /// `--target` named targets the package does not have.
    case unknownTargets([String])
    /// None of the selected targets holds a schema.
    case noSchemas(targets: [String])
    /// The command plugin was given arguments it does not understand.
    case unknownArguments([String])
    /// An option was given without its value.
    case missingValue(String)
    /// An option that takes one value was given more than once.
    case repeatedOption(String)
    /// `recordgen` exited with a failure status.
    case generatorFailed(target: String, status: Int32)

    /// The file a diagnostic about this error belongs to (an absolute path), when there is one.
    var file: String? {
        switch self {
        case .duplicateOutput(_, _, _, let file), .outputShadowsSource(_, _, _, let file),
            .generatedTwice(_, _, let file), .generatedShadowsSource(_, _, let file),
            .multipleConfigurations(_, _, let file):
            file
        default: nil
        }
    }

    var description: String {
        switch self {
        case .notASwiftTarget(let target):
            "target '\(target)' is not a Swift target: RecordGenPlugin generates Swift, so apply it to a Swift target"
        case .duplicateOutput(let fileName, let first, let second, _):
            "schemas '\(first)' and '\(second)' would both generate '\(fileName)': rename one of them "
                + "(the generated file is named after the schema file) or move one into another target"
        case .outputShadowsSource(let fileName, let schema, let source, _):
            "schema '\(schema)' generates '\(fileName)', the same name as the source file '\(source)': "
                + "rename the schema or the source file (Swift refuses two files of one name in a module)"
        case .generatedShadowsSource(let generated, let source, _):
            "'\(generated)' has the same name as the source file '\(source)', and Swift refuses two files of one "
                + "name in a module: rename the source file, or the record type or enum it is generated from"
        case .generatedTwice(let schema, let folder, _):
            "'\(folder)' holds models that `swift package generate-records` wrote, and RecordGenPlugin would "
                + "generate them again from '\(schema)': a target uses either the build plugin or committed models, "
                + "not both; remove the plugin from the target, or delete the Generated folder"
        case .multipleConfigurations(let first, let second, _):
            "a target has one recordgen-config.json, and this one has '\(first)' and '\(second)': "
                + "keep the one beside the schemas and delete the other"
        case .unknownTargets(let names):
            "no target named \(names.map { "'\($0)'" }.joined(separator: ", ")) in this package"
        case .noSchemas(let targets):
            "no *.records.xml schema in target \(targets.map { "'\($0)'" }.joined(separator: ", ")): "
                + "put the schema files in the target's folder"
        case .unknownArguments(let arguments):
            "unknown arguments \(arguments.joined(separator: " ")); usage: "
                + "swift package generate-records [--target NAME]... [--access public|internal|package]"
        case .missingValue(let option):
            "\(option) needs a value, as in \(option) NAME"
        case .repeatedOption(let option):
            "\(option) may be given only once"
        case .generatorFailed(let target, let status):
            "recordgen failed for target '\(target)' (exit status \(status)); its errors are printed above"
        }
    }
}
