import Foundation
import Testing

/// The command lines the plugins hand recordgen: the CLI contract, spelled out.
@Suite struct GeneratorArgumentsTests {
    @Test func theBuildPluginAsksForOneFilePerSchemaByAbsolutePath() {
        let arguments = GeneratorArguments.filePerSchema(
            schema: URL(fileURLWithPath: "/work/My App/Sources/App/Notes.records.xml"),
            outputDirectory: URL(fileURLWithPath: "/work/My App/.build/plugins/outputs/GeneratedSources", isDirectory: true)
        )
        #expect(arguments == [
            "generate", "/work/My App/Sources/App/Notes.records.xml",
            "--output", "/work/My App/.build/plugins/outputs/GeneratedSources", "--file-per-schema",
        ])
    }

    @Test func theCommandPluginAsksForOneFilePerTypeWithRelativeSchemas() {
        let output = URL(fileURLWithPath: "/tmp/staging")
        #expect(GeneratorArguments.filePerType(schemas: ["Sources/App/A.records.xml", "Sources/App/B.records.xml"], outputDirectory: output, access: nil)
            == ["generate", "Sources/App/A.records.xml", "Sources/App/B.records.xml", "--output", "/tmp/staging"])
        #expect(GeneratorArguments.filePerType(schemas: ["S.records.xml"], outputDirectory: output, access: "public")
            == ["generate", "S.records.xml", "--output", "/tmp/staging", "--access", "public"])
    }

    @Test func folderPathsLoseTheirTrailingSlash() {
        #expect(URL(fileURLWithPath: "/a/b/", isDirectory: true).filePath == "/a/b")
        #expect(URL(fileURLWithPath: "/", isDirectory: true).filePath == "/")
    }
}
