import Foundation
import Testing

/// `recordgen generate --config recordgen-config.json`: the settings file both plugins pass on.
@Suite struct GenerateConfigTests {
    static let binaryBuilt = RecordGenBinary.path != nil
    static let notes = RecordGenBinary.repositoryRoot + "/Schemas/Notes.records.xml"

    /// Runs `generate` on the Notes schema into `out/` with `config` written as `recordgen-config.json`.
    private func generate(config: String, extra: [String] = []) throws -> (RecordGenBinary.Run, TemporaryFolder) {
        let folder = try TemporaryFolder()
        try folder.write("recordgen-config.json", config)
        let run = try RecordGenBinary.run(
            ["generate", Self.notes, "-o", "out", "--config", "recordgen-config.json"] + extra, in: folder.path)
        return (run, folder)
    }

    private func generated(_ folder: TemporaryFolder, _ name: String = "Note.swift") -> String? {
        FileManager.default.contents(atPath: folder.path + "/out/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(.enabled(if: binaryBuilt), arguments: [
        ("internal", "\nnonisolated struct Note:", "public nonisolated"),
        ("package", "\npackage nonisolated struct Note:", "public nonisolated"),
        ("public", "\npublic nonisolated struct Note:", "package nonisolated"),
    ])
    func theAccessLevelComesFromTheFile(level: String, expected: String, absent: String) throws {
        let (run, folder) = try generate(config: "{\n  \"access\": \"\(level)\"\n}\n")
        #expect(run.status == 0, "\(run.stderr)")
        let text = try #require(generated(folder))
        #expect(text.contains(expected))
        #expect(!text.contains(absent))
        if level == "internal" { #expect(!text.contains("public ") && !text.contains("package ")) }
    }

    @Test(.enabled(if: binaryBuilt))
    func anEmptyObjectKeepsTheDefaultsAndTheCommandLineWins() throws {
        let (plain, plainFolder) = try generate(config: "{}")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(generated(plainFolder)?.contains("public nonisolated struct Note:") == true)

        let (overridden, folder) = try generate(config: "{\"access\": \"package\"}", extra: ["--access", "internal"])
        #expect(overridden.status == 0, "\(overridden.stderr)")
        let text = try #require(generated(folder))
        #expect(!text.contains("package ") && !text.contains("public "), "--access wins over the file")
    }

    /// Every invalid form: exit 1, nothing generated, and `file:line:col: error: … [RK009]` at the culprit.
    @Test(.enabled(if: binaryBuilt), arguments: [
        ("{\"access\": \"internal\",}", "recordgen-config.json:1:23: error: recordgen-config.json is not valid JSON: expected a key in double quotes"),
        ("{\"access\": \"internal\"", "recordgen-config.json:1:22: error: recordgen-config.json is not valid JSON: expected ',' or '}'"),
        ("", "recordgen-config.json:1:1: error: recordgen-config.json is not valid JSON: expected a value, found the end of the file"),
        ("{} {}", "recordgen-config.json:1:4: error: recordgen-config.json is not valid JSON: unexpected text after the JSON value"),
        ("{\"access\": \"intern\u{0001}al\"}", "recordgen-config.json:1:19: error: recordgen-config.json is not valid JSON: a control character"),
        ("[\"internal\"]", "recordgen-config.json:1:1: error: recordgen-config.json holds an array; it must hold one JSON object"),
        ("{\n  \"acces\": \"internal\"\n}", "recordgen-config.json:2:3: error: unknown key \"acces\""),
        ("{\n  \"access\": 1\n}", "recordgen-config.json:2:13: error: \"access\" is a number; it must be a string: \"public\", \"internal\", \"package\""),
        ("{\"access\": \"private\"}", "recordgen-config.json:1:12: error: \"access\" is \"private\", which is not an access level recordgen generates"),
        ("{\"access\": \"public\",\n \"access\": \"internal\"}", "recordgen-config.json:2:2: error: the key \"access\" appears twice"),
    ])
    func invalidConfigurationsAreLocated(config: String, expected: String) throws {
        let (run, folder) = try generate(config: config)
        #expect(run.status == 1)
        let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(expected), "\(run.stderr)")
        #expect(first.hasSuffix("[RK009]"))
        #expect(run.stderr.contains("1 file checked: 1 error, 0 warnings"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"), "nothing is generated")
    }

    @Test(.enabled(if: binaryBuilt))
    func everyProblemOfTheFileIsReportedInOneRun() throws {
        let (run, _) = try generate(config: "{\n  \"acess\": \"internal\",\n  \"access\": \"open\"\n}")
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("recordgen-config.json:2:3: error: unknown key \"acess\"") == true)
        #expect(lines.dropFirst().first?.hasPrefix("recordgen-config.json:3:13: error: \"access\" is \"open\"") == true)
        #expect(lines.last == "1 file checked: 2 errors, 0 warnings")
    }

    @Test(.enabled(if: binaryBuilt))
    func aMissingConfigurationIsAnErrorNotAUsageError() throws {
        let folder = try TemporaryFolder()
        let run = try RecordGenBinary.run(["generate", Self.notes, "-o", "out", "--config", "nowhere.json"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: no such configuration file: nowhere.json [RK001]"), "\(run.stderr)")
    }

    @Test(.enabled(if: binaryBuilt))
    func configurationErrorsPrintAsJSON() throws {
        let (run, _) = try generate(config: "{\"access\": true}", extra: ["--format", "json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["code"] as? String == "RK009")
        #expect(diagnostics.first?["line"] as? Int == 1)
        #expect(diagnostics.first?["column"] as? Int == 12)
        #expect(object["files"] as? [String] == ["recordgen-config.json"])
    }
}
