import Foundation
import Testing

/// The command lines the plugins hand recordgen: the CLI contract, spelled out.
@Suite struct GeneratorArgumentsTests {
    @Test func theBuildPluginAsksForOneFilePerSchemaByAbsolutePath() {
        let arguments = GeneratorArguments.filePerSchema(
            schema: URL(fileURLWithPath: "/work/My App/Sources/App/Notes.records.xml"),
            outputDirectory: URL(fileURLWithPath: "/work/My App/.build/GeneratedSources", isDirectory: true)
        )
        #expect(arguments == [
            "generate", "/work/My App/Sources/App/Notes.records.xml",
            "--output", "/work/My App/.build/GeneratedSources", "--file-per-schema", "--quiet",
        ])
    }

    @Test func theBuildPluginPassesTheConfigurationByAbsolutePath() {
        let arguments = GeneratorArguments.filePerSchema(
            schema: URL(fileURLWithPath: "/work/App/Sources/App/Notes.records.xml"),
            outputDirectory: URL(fileURLWithPath: "/work/App/.build/GeneratedSources", isDirectory: true),
            configuration: URL(fileURLWithPath: "/work/App/Sources/App/recordgen-config.json")
        )
        #expect(arguments == [
            "generate", "/work/App/Sources/App/Notes.records.xml", "--output", "/work/App/.build/GeneratedSources",
            "--file-per-schema", "--quiet", "--config", "/work/App/Sources/App/recordgen-config.json",
        ])
    }

    @Test func theCommandPluginPassesTheConfigurationAndAnAccessThatWinsOverIt() {
        #expect(
            GeneratorArguments.filePerType(
                schemas: ["S.records.xml"], output: "Generated", configuration: "Sources/App/recordgen-config.json",
                access: "package")
                == [
                    "generate", "S.records.xml", "--output", "Generated", "--config", "Sources/App/recordgen-config.json",
                    "--access", "package",
                ]
        )
    }

    @Test func theCommandPluginAsksForOneFilePerTypeWithRelativePaths() {
        let schemas = ["Sources/App/A.records.xml", "Sources/App/B.records.xml"]
        #expect(
            GeneratorArguments.filePerType(schemas: schemas, output: "Sources/App/Generated", access: nil)
                == ["generate"] + schemas + ["--output", "Sources/App/Generated"]
        )
        #expect(
            GeneratorArguments.filePerType(schemas: ["S.records.xml"], output: "Generated", access: "internal")
                == ["generate", "S.records.xml", "--output", "Generated", "--access", "internal"]
        )
    }

    @Test func folderPathsLoseTheirTrailingSlash() {
        #expect(URL(fileURLWithPath: "/a/b/", isDirectory: true).filePath == "/a/b")
        #expect(URL(fileURLWithPath: "/", isDirectory: true).filePath == "/")
    }
}
