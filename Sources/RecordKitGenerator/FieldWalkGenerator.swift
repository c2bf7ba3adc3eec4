import RecordSchema

/// Prints a model's two walks and the codec entry points that share them: the field walk `writeFields(to:)`,
/// which `record()`, `archived()` and `encode(to:)` hand their writer to, and the decode walk
/// `init(fieldsFrom:)`, which `init(record:)`, `init(archived:)` and `init(from:)` hand their reader to. Both walks
/// list the fields in schema order, each in a `switch` whose cases are labelled with the fields' positions in the
/// order the walk takes them, and which the walk calls with those positions: the decode walk's `_readField(_:)`
/// (its locals and memberwise initializer too; read order: the unencrypted fields in the byte order of their keys,
/// then the encrypted ones), and the field walk's `writeField(_:to:)` (the byte order of the keys).
struct FieldWalkGenerator {
    let recordType: RecordType
    /// The fields as the struct declares them: the order of the memberwise initializer's parameters.
    let fieldsInSchemaOrder: [FieldGenerator]
    /// Each field's position in the byte order of the keys, the order records and archives keep: the order the
    /// field walk writes them in.
    let keyOrderPositions: [Int]
    /// Each field's position in the order the decode walk reads them: the unencrypted fields in the byte order of
    /// their keys, then the encrypted ones in that order.
    let decodeOrderPositions: [Int]
    let access: AccessLevel

    private var versionField: String { recordType.versionField.map(SwiftNamer.stringLiteral) ?? "nil" }
    private var newerVersionRule: String { recordType.onNewerVersion == .reject ? ".reject" : ".preserve" }

    /// `init(record:)`, `record()`, `archived()` and `init(archived:)`: each one hands its reader or writer to a walk.
    func printCodecs(into p: inout CodePrinter) {
        let a = access.prefix
        p.line("/// Reads a `\(recordType.name)` record, checking its version and every field's kind.")
        // Borrowing the record, which the reader reads in place: an initializer owns its arguments by default, so
        // a caller that read a record out of an array copied the whole record (a retain per string in it) to pass
        // it. Inlined into its callers, as `init(archived:)` is.
        p.line("@inline(__always)")
        p.block("\(a)init(record: borrowing RecordKit.Record) throws(RecordKit.RecordDecodingError) {") { p in
            p.line("self = try RecordKit.RecordFieldReader<Self>.read(record, versionField: \(versionField), onNewerVersion: \(newerVersionRule))")
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

    /// `init(fieldsFrom:)`, `writeFields(to:)` and `writeField(_:to:)`.
    func printWalks(into p: inout CodePrinter) {
        let a = access.prefix
        let plainCount = fieldsInSchemaOrder.filter { !$0.field.isEncrypted }.count
        p.line("/// The decode walk: every field in the byte order of its key (the encrypted ones last), then the metadata,")
        p.line("/// then the memberwise initializer (assigning the properties one by one would copy the whole model once more).")
        p.block("\(a)init<Source: RecordKit.RecordFieldSource>(fieldsFrom _source: inout Source) throws(Source.Failure) where Source.Model == Self {") { p in
            if !fieldsInSchemaOrder.isEmpty {
                for field in fieldsInSchemaOrder { p.line(field.localDeclaration) }
                // The fields in schema order, each case labelled with its field's position in the read order. Each
                // call below passes a literal, so once inlined the switch folds to its one case and the locals stay
                // in registers: the same straight-line reads as statements in key order (callgrind counts equal).
                // `@_transparent`, not `@inline(__always)`: the optimizer did not inline the local function, which
                // cost `init(record:)` of the 6-field benchmark note 90%. `_source` is passed, not captured: a local
                // function capturing the inout parameter crashed Swift 6.3.1's module emission in debug builds.
                p.line("/// Reads the field at `_position` in the read order; the fields in schema order.")
                p.line("@_transparent")
                p.block("func _readField(_ _position: Swift.Int, _ _source: inout Source) throws(Source.Failure) {") { p in
                    p.positionSwitch(on: "_position", zip(decodeOrderPositions, fieldsInSchemaOrder.map(\.readStatement)))
                }
                for position in decodeOrderPositions.indices {
                    if position == plainCount { p.line("try _source.beginEncryptedFields()") }
                    p.line("try _readField(\(position), &_source)")
                }
            }
            p.line("let metadata = try _source.metadata()")
            let arguments = fieldsInSchemaOrder.map { (label: $0.property, value: $0.walkedLocal) }
            // Only `walked(_:_:)` throws: a model whose fields are all optional scalars passes its locals as they are.
            p.memberwiseInit(arguments, metadata: "metadata", throwing: fieldsInSchemaOrder.contains { !$0.passesLocalAsIs })
        }
        p.line()
        p.line("/// The field walk: every field in the byte order of its key.")
        let sinkName = fieldsInSchemaOrder.isEmpty ? "_" : "sink"
        p.block("\(a)func writeFields<Sink: RecordKit.RecordFieldSink>(to \(sinkName): inout Sink) where Sink.Model == Self {") { p in
            for position in keyOrderPositions.indices { p.line("writeField(\(position), to: &sink)") }
        }
        guard !fieldsInSchemaOrder.isEmpty else { return }
        // The fields in schema order, each labelled with its position in the key order. Each call above passes a
        // literal, so once this is inlined its switch folds to the one case: the same straight-line code as the
        // statements in key order (callgrind counts equal), where a loop over the positions or a runtime
        // key-order table cost the archive encode 1.5 to 8%.
        p.line()
        p.line("/// The field at `position` in the byte order of the keys; the fields in schema order.")
        p.line("@inline(__always)")
        p.block("private func writeField<Sink: RecordKit.RecordFieldSink>(_ position: Swift.Int, to sink: inout Sink) where Sink.Model == Self {") { p in
            p.positionSwitch(on: "position", zip(keyOrderPositions, fieldsInSchemaOrder.map(\.writeStatement)))
        }
    }
}

extension CodePrinter {
    /// A walk's `switch` over the positions: one case a field, in schema order, each labelled with the field's
    /// position in the order the walk takes the fields.
    mutating func positionSwitch(on position: String, _ cases: some Sequence<(Int, String)>) {
        line("switch \(position) {")
        for (label, statement) in cases { line("case \(label): \(statement)") }
        line("default: break")
        line("}")
    }

    /// `self.init(title: title, …, metadata: metadata)`: the model's synthesized memberwise initializer, one
    /// argument a line when there are several; `try self.init(…)` when an argument may throw.
    mutating func memberwiseInit(_ properties: [(label: String, value: String)], metadata: String, throwing: Bool = false) {
        let arguments = properties.map { "\(Self.argumentLabel($0.label)): \($0.value)" } + ["metadata: \(metadata)"]
        let call = throwing ? "try self.init(" : "self.init("
        guard arguments.count > 2 else {
            line(call + arguments.joined(separator: ", ") + ")")
            return
        }
        line(call)
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
