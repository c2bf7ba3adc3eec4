import Foundation
import Testing
@testable import RecordSchema

/// After an XSD error the semantic rules still run on what can be understood, so one run reports every problem
/// of a file; what the XSD refused causes no second, cascaded finding.
@Suite struct XSDRecoveryTests {
    private func load(_ body: String) -> SchemaLoadResult {
        let xml = "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\">\n" + body + "\n</schema>\n"
        return SchemaLoader.load(data: Data(xml.utf8), path: "S.records.xml")
    }

    /// `code@line:column` of every diagnostic, in order.
    private func places(_ result: SchemaLoadResult) -> [String] {
        result.diagnostics.map { "\($0.code)@\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
    }

    @Test func aMisspelledKindDoesNotHideTheOtherProblemsOfTheFile() {
        let result = load("""
          <record type="Note" zone="nowhere">
            <field name="title" kind="strng"/>
            <field name="body" kind="string" since="2"/>
          </record>
        """)
        // RK006 at kind=, and the semantic findings of the rest: an undeclared zone, a since beyond the version.
        #expect(places(result) == ["RK123@2:23", "RK006@3:25", "RK107@4:38"], "\(result.diagnostics)")
        #expect(result.diagnostics.first { $0.code == "RK006" }?.message.contains("strng") == true)
        // A file the XSD refused is never a schema to generate from.
        #expect(result.schemas.isEmpty)
    }

    @Test func aFieldOfUnknownKindIsSkippedByEveryRuleThatNeedsItsKind() {
        // Each attribute would be a finding against a string field; none is, since the kind is unknown.
        let result = load("""
          <enum name="Level" kind="int64"><case name="low" value="0"/></enum>
          <record type="Note">
            <field name="when" kind="timestamp"/>
            <field name="x" kind="refrence" to="Nowhere" action="deleteSelf" as="bool" enum="Level" default="z" encrypted="true" queryable="true"/>
            <field name="y" kind="list" of="strng" searchable="true"/>
            <merge strategy="lastWriterWins" clock="x"/>
          </record>
        """)
        #expect(result.diagnostics.map(\.code) == ["RK006", "RK006"], "\(result.diagnostics)")
        #expect(result.diagnostics.map { $0.location?.line } == [5, 6])
    }

    @Test func aFieldOfUnknownKindKeepsTheChecksThatDoNotNeedIt() {
        let result = load("""
          <record type="Note">
            <field name="title" kind="strng"/>
            <field name="title" kind="string"/>
            <field name="recordName" kind="strng"/>
          </record>
        """)
        // Its name is still checked: a duplicate name and a reserved key are real problems.
        #expect(Set(result.diagnostics.map(\.code)) == ["RK006", "RK103", "RK105"], "\(result.diagnostics)")
        #expect(result.diagnostics.filter { $0.code == "RK006" }.count == 2)
    }

    @Test func aRefusedVersionSkipsTheRangeChecksThatNeedIt() {
        let result = load("""
          <record type="Note" version="0" versionField="version">
            <field name="title" kind="string" since="2" default=""/>
            <retired name="color" kind="string" in="2"/>
          </record>
        """)
        #expect(places(result) == ["RK006@2:23"], "\(result.diagnostics)")
    }

    @Test func aRefusedOrUnknownAttributeIsReadAsAbsentWithoutCascading() {
        let result = load("""
          <record type="Note" version="2">
            <field name="title" kind="string" since="2" optinal="true"/>
            <field name="body" kind="string" since="two"/>
            <merge strategy="lastWriter" clock="title"/>
          </record>
        """)
        // Without recovery, optinal= would be read as required (RK108), since="two" as 1, and the merge as server
        // wins with a clock it ignores (RK120): none of them is reported.
        #expect(result.diagnostics.map(\.code) == ["RK006", "RK006", "RK006"], "\(result.diagnostics)")
    }

    @Test func anEnumOfUnknownKindChecksNoValues() {
        let result = load("""
          <enum name="Mood" kind="text"><case name="happy" value="h"/><case name="sad" value="s"/></enum>
          <record type="Note">
            <field name="mood" kind="string" enum="Mood" default="happy"/>
            <field name="other" kind="string" enum="Missing"/>
          </record>
        """)
        // The unknown enum of the second field is still found.
        #expect(places(result) == ["RK006@2:21", "RK115@5:39"], "\(result.diagnostics)")
    }

    @Test func anUnexpectedElementIsSkippedAndTheRestChecked() {
        let result = load("""
          <record type="Note">
            <color name="red"/>
            <field name="1st" kind="string"/>
          </record>
        """)
        #expect(result.diagnostics.map(\.code) == ["RK006", "RK104"], "\(result.diagnostics)")
    }

    @Test func aWrongRootStillStopsAtTheXSD() {
        let xml = "<record xmlns=\"urn:recordkit:schema:1\" type=\"A\"><field name=\"1x\" kind=\"strng\"/></record>"
        let result = SchemaLoader.load(data: Data(xml.utf8), path: "R.records.xml")
        #expect(Set(result.diagnostics.map(\.code)) == ["RK006"], "\(result.diagnostics)")
    }
}
