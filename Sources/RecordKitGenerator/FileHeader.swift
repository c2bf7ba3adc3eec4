/// The top of every generated file: the DO NOT EDIT header, the imports and the API version lock.
public enum FileHeader {
    /// How every generated file begins (the marker the plugins share); files starting with it belong to the
    /// generator and may be replaced or removed.
    public static let marker = RecordGenOutputFileNames.generatedFileMarker

    static func start(schemaPath: String) -> CodePrinter {
        var printer = CodePrinter()
        let oneLinePath = schemaPath.split(whereSeparator: \.isNewline).joined(separator: " ")
        // The marker's last line is completed by the schema's path.
        printer.lines((marker + oneLinePath + ".").split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        printer.line()
        printer.line("import Foundation")
        printer.line("import RecordKit")
        printer.line()
        printer.line("// If the next line does not compile, this file was generated for another version of RecordKit:")
        printer.line("// regenerate it with the recordgen that comes with the RecordKit you build against.")
        printer.line("private typealias RegenerateIfThisFailsToCompile = RecordKit.GeneratedCodeAPIVersion_5")
        printer.line()
        return printer
    }
}
