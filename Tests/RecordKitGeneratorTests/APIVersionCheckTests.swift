import Foundation
import RecordKitGenerator
import Testing

/// A generated file refuses to compile against a RecordKit of another generated-code API version, and the
/// error points at the line that says to regenerate. Compiles against a stand-in RecordKit module with swiftc.
@Suite struct APIVersionCheckTests {
    static let swiftc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    @Test(.enabled(if: swiftc != nil))
    func aMismatchedRuntimeFailsAtTheRegenerateLine() throws {
        let compiler = try #require(Self.swiftc)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recordgen-apiversion-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        // A RecordKit that moved on to version 6 of the generated-code API.
        let stub = folder.appendingPathComponent("RecordKit.swift")
        try Data("public enum GeneratedCodeAPIVersion_6 {}\n".utf8).write(to: stub)
        let module = try run(compiler, ["-emit-module", "-module-name", "RecordKit", "-parse-as-library", stub.path, "-emit-module-path", folder.appendingPathComponent("RecordKit.swiftmodule").path])
        #expect(module.status == 0, "\(module.output)")

        let note = try #require(try GeneratorPipeline().generate([RepositorySchemas.input("Schemas/Notes.records.xml")]).first)
        let source = folder.appendingPathComponent(note.name)
        try Data(note.contents.utf8).write(to: source)
        let check = try run(compiler, ["-typecheck", "-I", folder.path, source.path])
        #expect(check.status != 0)
        #expect(check.output.contains("GeneratedCodeAPIVersion_5"))
        #expect(check.output.contains("RegenerateIfThisFailsToCompile"), "the compiler shows the line that says to regenerate")
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
