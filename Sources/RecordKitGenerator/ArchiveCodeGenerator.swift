import RecordSchema

/// Prints a model's direct archive path: `archived()` on `ModelArchiveWriter` and `init(archived:)` on
/// `ModelArchiveReader`, both visiting the fields in the byte order of their keys as `record()` and
/// `init(record:)` do, so the bytes, results and errors are those of the path through a `Record`.
struct ArchiveCodeGenerator {
    let recordType: RecordType
    let fieldsInKeyOrder: [FieldGenerator]
    let access: AccessLevel

    func print(into p: inout CodePrinter) {
        printArchiveMethod(into: &p)
        p.line()
        printArchivedInit(into: &p)
        p.line()
        printReadingInit(into: &p)
    }

    private var versionField: String { recordType.versionField.map(SwiftNamer.stringLiteral) ?? "nil" }

    /// `archived()` writes the native archive directly, visiting the fields as `record()` sets them.
    private func printArchiveMethod(into p: inout CodePrinter) {
        p.line("/// The native archive of the record `record()` makes, written directly: the same bytes, no record built.")
        p.block("\(access.prefix)func archived() throws(RecordKit.RecordModelArchiveError) -> Foundation.Data {") { p in
            let call = "RecordKit.ModelArchiveWriter<Self>.archive(self, versionField: \(versionField))"
            if fieldsInKeyOrder.isEmpty {
                p.line("\(call) { _ in }")
                return
            }
            p.block("\(call) { (writer: inout RecordKit.ModelArchiveWriter<Self>) in") { p in
                for field in fieldsInKeyOrder { p.line(field.writeStatement) }
            }
        }
    }

    /// `init(archived:)` hands the reading initializer to `ModelArchiveReader`, which falls back to the record
    /// path when the direct read stops.
    private func printArchivedInit(into p: inout CodePrinter) {
        let rule = recordType.onNewerVersion == .reject ? ".reject" : ".preserve"
        p.line("/// Reads the model from its native archive directly, no record built: the same results and errors as")
        p.line("/// `init(archivedViaRecord:)`.")
        p.block("\(access.prefix)init(archived data: Foundation.Data) throws(RecordKit.RecordModelArchiveError) {") { p in
            p.line("self = try RecordKit.ModelArchiveReader<Self>.read(data, versionField: \(versionField), onNewerVersion: \(rule)) {")
            p.indent()
            p.line("(reader: inout RecordKit.ModelArchiveReader<Self>) throws(RecordKit.ModelArchiveReadStop) in")
            p.line("try Self(archiveReader: &reader)")
            p.outdent()
            p.line("}")
        }
    }

    /// The unencrypted fields in key order, then the encrypted ones: the archive stores them in two maps. Every
    /// value is read into a local first and the properties are set only once nothing can throw any more: an
    /// initializer that can throw between its stores returns the model by copying it (a retain per string in it).
    private func printReadingInit(into p: inout CodePrinter) {
        let plain = fieldsInKeyOrder.filter { !$0.field.isEncrypted }
        let encrypted = fieldsInKeyOrder.filter(\.field.isEncrypted)
        p.line("@inline(__always)")
        p.block("private init(archiveReader _reader: inout RecordKit.ModelArchiveReader<Self>) throws(RecordKit.ModelArchiveReadStop) {") { p in
            for field in plain { p.line(localRead(field)) }
            if !encrypted.isEmpty {
                p.line("try _reader.beginEncryptedFields()")
                for field in encrypted { p.line(localRead(field)) }
            }
            p.line("let _metadata = try _reader.metadata()")
            for field in fieldsInKeyOrder { p.line("self.\(field.property) = \(field.property)") }
            p.line("self.metadata = _metadata")
        }
    }

    /// `let title: Swift.String = try _reader.value(.title, default: "")`.
    private func localRead(_ field: FieldGenerator) -> String {
        let read = field.readStatement.replacingOccurrences(of: "self.\(field.property) = try reader.", with: "try _reader.")
        return "let \(field.property): \(field.propertyType) = \(read)"
    }
}
