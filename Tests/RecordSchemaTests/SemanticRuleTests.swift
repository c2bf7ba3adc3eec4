import Foundation
import Testing
@testable import RecordSchema

/// One invalid schema per semantic rule, with the code and the line it must be reported at.
struct RuleCase: CustomTestStringConvertible, Sendable {
    let code: String
    let line: Int
    /// The schema's body: its first line is line 2 of the file.
    let body: String

    var testDescription: String { "\(code) at line \(line)" }

    var xml: String {
        "<schema xmlns=\"urn:recordkit:schema:1\" name=\"Test\">\n\(body)\n</schema>\n"
    }
}

let ruleCases: [RuleCase] = [
    RuleCase(code: "RK101", line: 3, body: """
    <record type="A"/>
    <record type="A"/>
    """),
    RuleCase(code: "RK102", line: 3, body: """
    <enum name="E" kind="int64"><case name="a" value="0"/></enum>
    <enum name="E" kind="int64"><case name="a" value="0"/></enum>
    """),
    RuleCase(code: "RK102", line: 2, body: """
    <enum name="A" kind="int64"><case name="a" value="0"/></enum>
    <record type="A"/>
    """),
    RuleCase(code: "RK103", line: 4, body: """
    <record type="A">
      <field name="x" kind="string"/>
      <field name="x" kind="int64"/>
    </record>
    """),
    RuleCase(code: "RK104", line: 3, body: """
    <record type="A">
      <field name="2x" kind="string"/>
    </record>
    """),
    RuleCase(code: "RK104", line: 2, body: """
    <record type="My-Type"/>
    """),
    RuleCase(code: "RK104", line: 2, body: """
    <record type="\(String(repeating: "a", count: 256))"/>
    """),
    RuleCase(code: "RK105", line: 3, body: """
    <record type="A">
      <field name="recordName" kind="string"/>
    </record>
    """),
    RuleCase(code: "RK106", line: 3, body: """
    <record type="A">
      <field name="___x" kind="string"/>
    </record>
    """),
    RuleCase(code: "RK107", line: 3, body: """
    <record type="A" version="1">
      <field name="x" kind="string" since="2" optional="true"/>
    </record>
    """),
    RuleCase(code: "RK108", line: 4, body: """
    <record type="A" version="2">
      <field name="x" kind="string"/>
      <field name="y" kind="string" since="2"/>
    </record>
    """),
    RuleCase(code: "RK109", line: 3, body: """
    <record type="A">
      <field name="x" kind="asset" encrypted="true"/>
    </record>
    """),
    RuleCase(code: "RK110", line: 3, body: """
    <record type="A">
      <field name="x" kind="string" encrypted="true" queryable="true"/>
    </record>
    """),
    RuleCase(code: "RK111", line: 3, body: """
    <record type="A">
      <field name="x" kind="int64" searchable="true"/>
    </record>
    """),
    RuleCase(code: "RK112", line: 3, body: """
    <record type="A">
      <field name="x" kind="list" of="asset" queryable="true"/>
    </record>
    """),
    RuleCase(code: "RK113", line: 3, body: """
    <record type="A">
      <field name="x" kind="reference" to="Nowhere"/>
    </record>
    """),
    RuleCase(code: "RK114", line: 3, body: """
    <record type="A">
      <field name="x" kind="string" action="deleteSelf"/>
    </record>
    """),
    RuleCase(code: "RK115", line: 3, body: """
    <record type="A">
      <field name="x" kind="int64" enum="Nope"/>
    </record>
    """),
    RuleCase(code: "RK116", line: 4, body: """
    <enum name="E" kind="string"><case name="a" value="a"/></enum>
    <record type="A">
      <field name="x" kind="int64" enum="E"/>
    </record>
    """),
    RuleCase(code: "RK117", line: 3, body: """
    <record type="A">
      <field name="x" kind="timestamp" default="yesterday"/>
    </record>
    """),
    RuleCase(code: "RK117", line: 4, body: """
    <enum name="E" kind="int64"><case name="a" value="0"/></enum>
    <record type="A">
      <field name="x" kind="int64" enum="E" default="b"/>
    </record>
    """),
    RuleCase(code: "RK118", line: 3, body: """
    <record type="A">
      <field name="x" kind="location" default="0,0"/>
    </record>
    """),
    RuleCase(code: "RK119", line: 2, body: """
    <record type="A" versionField="x">
      <field name="x" kind="int64"/>
    </record>
    """),
    RuleCase(code: "RK120", line: 4, body: """
    <record type="A">
      <field name="x" kind="string"/>
      <merge strategy="lastWriterWins" clock="x"/>
    </record>
    """),
    // stamp says who sets the merge clock: without a clock there is nothing to stamp.
    RuleCase(code: "RK120", line: 3, body: """
    <record type="A">
      <merge strategy="serverWins" stamp="store"/>
    </record>
    """),
    RuleCase(code: "RK120", line: 3, body: """
    <record type="A">
      <merge strategy="lastWriterWins"/>
    </record>
    """),
    RuleCase(code: "RK121", line: 4, body: """
    <record type="A" version="2">
      <field name="x" kind="string"/>
      <retired name="x" kind="string" in="2"/>
    </record>
    """),
    RuleCase(code: "RK122", line: 3, body: """
    <record type="A">
      <grant role="Editors" read="true"/>
    </record>
    """),
    RuleCase(code: "RK123", line: 2, body: """
    <record type="A" zone="nowhere"/>
    """),
    RuleCase(code: "RK124", line: 4, body: """
    <enum name="E" kind="string">
      <case name="a" value="a"/>
      <case name="a" value="b"/>
    </enum>
    """),
    RuleCase(code: "RK124", line: 4, body: """
    <enum name="E" kind="int64">
      <case name="a" value="1"/>
      <case name="b" value="01"/>
    </enum>
    """),
    RuleCase(code: "RK125", line: 3, body: """
    <enum name="E" kind="int64">
      <case name="a" value="one"/>
    </enum>
    """),
    RuleCase(code: "RK126", line: 3, body: """
    <record type="A">
      <field name="x" kind="string" as="bool"/>
    </record>
    """),
    RuleCase(code: "RK127", line: 3, body: """
    <record type="A">
      <field name="x" kind="list"/>
    </record>
    """),
    RuleCase(code: "RK127", line: 3, body: """
    <record type="A">
      <field name="x" kind="string" of="string"/>
    </record>
    """),
    RuleCase(code: "RK128", line: 3, body: """
    <record type="A" version="2">
      <retired name="x" kind="string" in="3"/>
    </record>
    """),
    RuleCase(code: "RK129", line: 3, body: """
    <zone name="z" database="private"/>
    <zone name="z" database="shared"/>
    """),
    RuleCase(code: "RK129", line: 3, body: """
    <role name="Editors"/>
    <role name="Editors"/>
    """),
    RuleCase(code: "RK130", line: 2, body: """
    <record type="A" onNewerVersion="reject"/>
    """),
    RuleCase(code: "RK131", line: 5, body: """
    <record type="A">
      <field name="t" kind="timestamp"/>
      <merge strategy="serverWins"/>
      <merge strategy="clientWins"/>
    </record>
    """),
    RuleCase(code: "RK132", line: 2, body: """
    <record type="Foundation"/>
    """),
    RuleCase(code: "RK132", line: 2, body: """
    <enum name="Field" kind="int64"><case name="a" value="0"/></enum>
    """),
    RuleCase(code: "RK133", line: 3, body: """
    <record type="Note"/>
    <enum name="NOTE" kind="string"><case name="a" value="a"/></enum>
    """),
]

@Suite struct SemanticRuleTests {
    @Test(arguments: ruleCases)
    func ruleIsReportedAtItsLine(_ rule: RuleCase) {
        let result = SchemaLoader.load(data: Data(rule.xml.utf8), path: "Rule.records.xml")
        #expect(result.diagnostics.count == 1, "\(result.diagnostics)")
        let diagnostic = result.diagnostics.first
        #expect(diagnostic?.code == rule.code, "\(result.diagnostics)")
        #expect(diagnostic?.location?.file == "Rule.records.xml")
        #expect(diagnostic?.location?.line == rule.line, "\(result.diagnostics)")
        #expect(diagnostic?.severity == .error)
    }

    @Test func everySemanticCodeHasARuleCase() {
        let tested = Set(ruleCases.map(\.code))
        let semantic = DiagnosticCode.allCases.map(\.rawValue).filter { $0.hasPrefix("RK1") }
        #expect(semantic.filter { !tested.contains($0) } == [])
    }

    @Test func pointsAtTheOffendingAttribute() throws {
        let xml = """
        <schema xmlns="urn:recordkit:schema:1" name="Test">
          <record type="A">
            <field name="x" kind="int64" default="abc"/>
          </record>
        </schema>
        """
        let result = SchemaLoader.load(data: Data(xml.utf8), path: "A.records.xml")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.description == "A.records.xml:3:34: error: field 'x': default \"abc\" is not a 64-bit integer such as 0 or -12 [RK117]")
    }

    @Test func reportsEveryProblemSortedByPosition() {
        let xml = """
        <schema xmlns="urn:recordkit:schema:1" name="Test">
          <record type="A" zone="nowhere">
            <field name="recordName" kind="string"/>
            <field name="y" kind="int64" searchable="true"/>
          </record>
          <record type="A"/>
        </schema>
        """
        let result = SchemaLoader.load(data: Data(xml.utf8), path: "A.records.xml")
        #expect(result.diagnostics.map(\.code) == ["RK123", "RK105", "RK111", "RK101"])
        #expect(result.diagnostics.map { $0.location?.line ?? 0 } == [2, 3, 4, 6])
        #expect(result.schemas.count == 1)
    }

    @Test func swiftKeywordsAreValidNamesTheGeneratorEscapes() {
        let xml = """
        <schema xmlns="urn:recordkit:schema:1" name="Test">
          <enum name="Kind" kind="string"><case name="default" value="d"/><case name="class" value="c"/></enum>
          <record type="Protocol">
            <field name="class" kind="string" enum="Kind" default="default"/>
            <field name="self" kind="int64" optional="true"/>
          </record>
        </schema>
        """
        let result = SchemaLoader.load(data: Data(xml.utf8), path: "K.records.xml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func mergeClockOnAnotherStrategyIsAWarning() {
        let xml = """
        <schema xmlns="urn:recordkit:schema:1" name="Test">
          <record type="A">
            <field name="t" kind="timestamp"/>
            <merge strategy="serverWins" clock="t"/>
          </record>
        </schema>
        """
        let result = SchemaLoader.load(data: Data(xml.utf8), path: "A.records.xml")
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.code == "RK120")
        #expect(!result.hasErrors)
    }

    @Test func stampOnAClockOfAnotherStrategyIsAWarning() {
        let xml = """
        <schema xmlns="urn:recordkit:schema:1" name="Test">
          <record type="A">
            <field name="t" kind="timestamp"/>
            <merge strategy="clientWins" clock="t" stamp="app"/>
          </record>
        </schema>
        """
        let result = SchemaLoader.load(data: Data(xml.utf8), path: "A.records.xml")
        #expect(result.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(result.diagnostics.map(\.code) == ["RK120", "RK120"])
        #expect(!result.hasErrors)
    }
}
