import ArgumentParser
import RecordKit

/// `recordgen`: generates Swift models from RecordKit schema files, and checks those schemas.
@main
struct RecordgenTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recordgen",
        abstract: "Generate Swift models from RecordKit schema files, and check those schemas.",
        discussion: """
        A schema file (*.records.xml) declares CloudKit record types, their fields and their versions. \
        recordgen turns it into Swift model types and checks it before it ships.
        """,
        version: RecordKitVersion.current,
        subcommands: [
            GenerateCommand.self,
            ValidateCommand.self,
            CheckCompatCommand.self,
            ImportCommand.self,
            ExportCommand.self,
            InspectCommand.self,
        ]
    )
}
