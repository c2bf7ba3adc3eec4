import RecordSchema

/// Prints a model's two walks and the codec entry points that share them: the field walk `writeFields(to:)`,
/// which `record()`, `archived()` and `encode(to:)` hand their writer to, and the decode walk
/// `init(fieldsFrom:)`, which `init(record:)`, `init(archived:)` and `init(from:)` hand their reader to. Both walk
/// the fields in the byte order of their keys (the unencrypted ones, then the encrypted ones, in decoding), the
/// order records and archives keep them in.
struct FieldWalkGenerator {
    let recordType: RecordType
    /// The fields as the struct declares them: the order of the memberwise initializer's parameters.
    let fieldsInSchemaOrder: [FieldGenerator]
    let fieldsInKeyOrder: [FieldGenerator]
    let access: AccessLevel

    private var versionField: String { recordType.versionField.map(SwiftNamer.stringLiteral) ?? "nil" }
    private var newerVersionRule: String { recordType.onNewerVersion == .reject ? ".reject" : ".preserve" }

    /// `init(record:)`, `record()`, `archived()` and `init(archived:)`: each one hands its reader or writer to a walk.
    func printCodecs(into p: inout CodePrinter) {
        let a = access.prefix
        p.line("/// Reads a `\(recordType.name)` record, checking its version and every field's kind.")
        p.block("\(a)init(record: RecordKit.Record) throws(RecordKit.RecordDecodingError) {") { p in
            p.line("var reader = try RecordKit.RecordFieldReader<Self>(record, versionField: \(versionField), onNewerVersion: \(newerVersionRule))")
            p.line("try self.init(fieldsFrom: &reader)")
        }
        p.line()
        p.line("/// The record: every field, the fields kept from the record this was read from, and the version.")
        p.block("\(a)func record() -> RecordKit.Record {") { p in
            p.line("RecordKit.RecordFieldWriter<Self>.record(of: self, versionField: \(versionField))")
        }
        p.line()
        p.line("/// The native archive of the record `record()` makes, written directly: the same bytes, no record built.")
        p.block("\(a)func archived() throws(RecordKit.RecordModelArchiveError) -> Foundation.Data {") { p in
            p.line("RecordKit.ModelArchiveWriter<Self>.archive(self, versionField: \(versionField))")
        }
        p.line()
        p.line("/// Reads the model from its native archive directly, no record built: the same results and errors as")
        p.line("/// `init(archivedViaRecord:)`.")
        // Inlined into its callers: compiled apart, the optimizer kept a copy of the whole model (a retain and a
        // release per reference it holds) between the reader's result and `self` (seen in the disassembly).
        p.line("@inline(__always)")
        p.block("\(a)init(archived data: Foundation.Data) throws(RecordKit.RecordModelArchiveError) {") { p in
            p.line("self = try RecordKit.ModelArchiveReader<Self>.read(data, versionField: \(versionField), onNewerVersion: \(newerVersionRule))")
        }
    }

    /// `init(fieldsFrom:)` and `writeFields(to:)`.
    func printWalks(into p: inout CodePrinter) {
        let a = access.prefix
        let plain = fieldsInKeyOrder.filter { !$0.field.isEncrypted }
        let encrypted = fieldsInKeyOrder.filter(\.field.isEncrypted)
        p.line("/// The decode walk: every field in the byte order of its key (the encrypted ones last), then the metadata,")
        p.line("/// then the memberwise initializer (assigning the properties one by one would copy the whole model once more).")
        p.block("\(a)init<Source: RecordKit.RecordFieldSource>(fieldsFrom _source: inout Source) throws(Source.Failure) where Source.Model == Self {") { p in
            for field in plain { p.line(field.readStatement) }
            if !encrypted.isEmpty {
                p.line("try _source.beginEncryptedFields()")
                for field in encrypted { p.line(field.readStatement) }
            }
            p.line("let metadata = try _source.metadata()")
            p.memberwiseInit(fieldsInSchemaOrder.map(\.property), metadata: "metadata")
        }
        p.line()
        p.line("/// The field walk: every field in the byte order of its key.")
        let sinkName = fieldsInKeyOrder.isEmpty ? "_" : "sink"
        p.block("\(a)func writeFields<Sink: RecordKit.RecordFieldSink>(to \(sinkName): inout Sink) where Sink.Model == Self {") { p in
            for field in fieldsInKeyOrder { p.line(field.writeStatement) }
        }
    }
}

extension CodePrinter {
    /// `self.init(title: title, …, metadata: metadata)`: the model's synthesized memberwise initializer, one
    /// argument a line when there are several.
    mutating func memberwiseInit(_ properties: [String], metadata: String) {
        let arguments = properties.map { "\(Self.argumentLabel($0)): \($0)" } + ["metadata: \(metadata)"]
        guard arguments.count > 2 else {
            line("self.init(" + arguments.joined(separator: ", ") + ")")
            return
        }
        line("self.init(")
        indent()
        for (index, argument) in arguments.enumerated() { line(argument + (index == arguments.count - 1 ? "" : ",")) }
        outdent()
        line(")")
    }

    /// A property name after `self.`: a keyword needs no backticks there.
    static func assignedName(_ property: String) -> String {
        guard property.hasPrefix("`"), property.hasSuffix("`") else { return property }
        return String(property.dropFirst().dropLast())
    }

    /// A property name as an argument label: a keyword needs no backticks there, except `inout`, `var` and `let`.
    static func argumentLabel(_ property: String) -> String {
        guard property.hasPrefix("`"), property.hasSuffix("`") else { return property }
        let bare = String(property.dropFirst().dropLast())
        return ["inout", "var", "let"].contains(bare) ? property : bare
    }
}
