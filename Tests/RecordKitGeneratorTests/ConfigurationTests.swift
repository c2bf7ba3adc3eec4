@testable import RecordKitGenerator
import RecordSchema
import Testing

/// `recordgen-config.json`: the located JSON reader and the settings read from it.
@Suite struct ConfigurationTests {
    private func read(_ text: String) throws(LocatedJSONSyntaxError) -> LocatedJSON {
        try LocatedJSONReader.read(Array(text.utf8))
    }

    private func syntaxError(_ text: String) -> LocatedJSONSyntaxError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesKeepTheirLineAndColumnAndMembersTheirOrder() throws {
        let root = try read("\u{FEFF}{\n\t\"b\": [1, -2.5e+3, true],\n  \"a\": {\"n\": null}\n}")
        guard case .object(let members) = root.value else {
            Issue.record("not an object: \(root)")
            return
        }
        #expect(members.map(\.key) == ["b", "a"])
        #expect((members[0].keyLine, members[0].keyColumn) == (2, 2))
        #expect((members[1].value.line, members[1].value.column) == (3, 8))
        #expect(members[0].value.value == .array([
            LocatedJSON(value: .number("1"), line: 2, column: 8),
            LocatedJSON(value: .number("-2.5e+3"), line: 2, column: 11),
            LocatedJSON(value: .bool(true), line: 2, column: 20),
        ]))
    }

    @Test func stringEscapesAndSurrogatePairsDecode() throws {
        let root = try read(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é""#)
        #expect(root.value == .string("a\"\\/\u{08}\u{0C}\n\r\té😀é"))
    }

    @Test(arguments: [
        ("01", 1, 1, "may not start with 0"),
        ("1.", 1, 3, "after '.'"),
        ("-", 1, 2, "expected a digit"),
        ("\"\\x\"", 1, 2, "unknown escape"),
        ("\"\\ud83d\"", 1, 8, "low surrogate"),
        ("\"\\udc00\"", 1, 8, "without a high surrogate"),
        ("\"abc", 1, 5, "not closed"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("nul", 1, 1, "expected a value"),
        ("\n\n  tru", 3, 3, "expected a value"),
    ])
    func syntaxErrorsSayWhatAndWhere(text: String, line: Int, column: Int, fragment: String) {
        let error = syntaxError(text)
        #expect(error?.line == line && error?.column == column, "\(String(describing: error))")
        #expect(error?.message.contains(fragment) == true, "\(String(describing: error))")
    }

    @Test func invalidUTF8IsAnErrorNotACrash() {
        var bytes = Array("{\"access\": \"".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}".utf8)
        #expect(throws: LocatedJSONSyntaxError.self) { try LocatedJSONReader.read(bytes) }
    }

    @Test func nestingIsLimitedSoHostileInputCannotExhaustTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        let error = syntaxError(deep)
        #expect(error?.message.contains("nested deeper than \(LocatedJSONReader.maximumDepth)") == true)
        #expect(syntaxError(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil)
    }

    @Test func theConfigurationReadsAccessAndRefusesTheRest() {
        let good = GeneratorConfiguration.parse(Array("{\"access\": \"package\"}".utf8), file: "c.json")
        #expect(good.configuration == GeneratorConfiguration(access: .package))
        #expect(good.diagnostics.isEmpty)

        let bad = GeneratorConfiguration.parse(Array("{\"access\": null, \"x\": 1}".utf8), file: "c.json")
        #expect(bad.configuration == nil)
        #expect(bad.diagnostics.map(\.code) == ["RK009", "RK009"])
        #expect(bad.diagnostics.map { $0.location?.description } == ["c.json:1:12", "c.json:1:18"])
    }

    @Test func theFileNameIsTheOneThePluginsLookFor() {
        #expect(GeneratorConfiguration.fileName == "recordgen-config.json")
        #expect(RecordGenOutputFileNames.configurationFileName == GeneratorConfiguration.fileName)
    }
}
