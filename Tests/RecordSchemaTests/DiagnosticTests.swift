import Testing
@testable import RecordSchema

@Test func diagnosticRendersLikeACompiler() {
    let d = Diagnostic(.error, "field name is taken", at: SourceLocation(file: "A.records.xml", line: 3, column: 5), code: .duplicateRecordType)
    #expect(d.description == "A.records.xml:3:5: error: field name is taken [RK101]")
}

/// Every code is in one of the documented ranges (RK0xx reading … RK4xx generation): RK900, the old catch-all of
/// the renderer that came without a location, is gone; what it covered is located validation (RK127, RK132, RK133,
/// RK401).
@Test func everyCodeIsInADocumentedRange() {
    for code in DiagnosticCode.allCases {
        let number = Int(code.rawValue.dropFirst(2)) ?? 0
        #expect(code.rawValue.hasPrefix("RK") && code.rawValue.count == 5 && (1..<500).contains(number), "\(code)")
    }
}
