import RecordSchema

/// Prints an open enum: the schema's cases plus one for raw values this version does not know.
struct EnumGenerator {
    let enumType: EnumType
    let access: AccessLevel

    func print(into p: inout CodePrinter) {
        let a = access.prefix
        let typeName = SwiftNamer.typeName(enumType.name)
        let rawType = enumType.kind == .int64 ? "Swift.Int64" : "Swift.String"
        // The catch-all case is `unknown`, unless the schema already has a case of that name.
        let unknownCase = enumType.cases.contains { SwiftNamer.enumCase($0.name) == "unknown" } ? "unrecognized" : "unknown"
        let cases = enumType.cases.map { (name: SwiftNamer.enumCase($0.name), raw: rawLiteral($0.value), doc: $0.doc) }

        p.docComment(enumType.doc)
        if !DocText.lines(enumType.doc).isEmpty { p.line("///") }
        p.line("/// Stored as \(enumType.kind == .int64 ? "an int64" : "a string"); values this version does not know read as `\(unknownCase)`.")
        p.block("\(a)nonisolated enum \(typeName): RecordKit.RecordEnum {") { p in
            for enumCase in cases {
                p.docComment(enumCase.doc)
                p.line("case \(enumCase.name)")
            }
            p.line("/// A value written by a newer version of the schema, kept as it was written.")
            p.line("case \(unknownCase)(\(rawType))")
            p.line()
            p.line("/// Every case but `\(unknownCase)`, in schema order.")
            p.line("\(a)static let knownCases: [\(typeName)] = [" + cases.map { "." + $0.name }.joined(separator: ", ") + "]")
            p.line()
            p.block("\(a)init(rawValue: \(rawType)) {") { p in
                p.line("switch rawValue {")
                for enumCase in cases { p.line("case \(enumCase.raw): self = .\(enumCase.name)") }
                p.line("default: self = .\(unknownCase)(rawValue)")
                p.line("}")
            }
            p.line()
            p.block("\(a)var rawValue: \(rawType) {") { p in
                p.line("switch self {")
                for enumCase in cases { p.line("case .\(enumCase.name): \(enumCase.raw)") }
                p.line("case let .\(unknownCase)(rawValue): rawValue")
                p.line("}")
            }
        }
    }

    private func rawLiteral(_ value: String) -> String {
        if enumType.kind == .int64, let number = Int64(value) { return String(number) }
        return SwiftNamer.stringLiteral(value)
    }
}
