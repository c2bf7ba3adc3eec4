import Testing
@testable import RecordSchema

@Test func diagnosticRendersLikeACompiler() {
    let d = Diagnostic(.error, "field name is taken", at: SourceLocation(file: "A.records.xml", line: 3, column: 5), code: .duplicateRecordType)
    #expect(d.description == "A.records.xml:3:5: error: field name is taken [RK101]")
}
