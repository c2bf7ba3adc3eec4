import Foundation
@testable import RecordKitGenerator
import RecordSchema
import Testing

/// One field order in generated code: every member of a golden model that lists fields (the `Field` enum, the
/// stored properties, the memberwise initializer, the decode walk's locals, `switch` and initializer call, the
/// merge, the field walk's `switch`, the query fields) lists them in schema order, so one schema edit changes each
/// list at the same place. The field walk still writes in the byte order of the keys, the order records and archives
/// keep: `writeFields(to:)` calls the `switch` with each key-order position, which labels the cases.
@Suite struct GeneratedFieldOrderTests {
    /// A member that lists fields: where it starts, and the pattern that finds each field it names.
    struct Member: CustomStringConvertible {
        let name: String
        /// The member's first line; it ends at the next line holding only `}` at the same indentation.
        let anchor: String
        let pattern: String
        /// Names of `pattern` that are not fields (the query fields end with the system fields).
        var ignored: Set<String> = []
        /// Whether the member names every field; otherwise the fields it names are checked to be in order.
        var complete = true
        var description: String { name }
    }

    static let members: [Member] = [
        Member(name: "enum Field", anchor: #"^\s*(public |package )?nonisolated enum Field\b"#, pattern: #"^\s*case ([`\w]+)"#),
        Member(name: "stored properties", anchor: #"^\s*(public |package )?nonisolated struct \w+:"#, pattern: #"^\s*(public |package )?var ([`\w]+):"#, ignored: ["metadata"]),
        Member(name: "memberwise initializer's parameters", anchor: #"^\s*(public |package )?init\($"#, pattern: #"^\s*([`\w]+): [^=]"#, ignored: ["recordID"]),
        Member(name: "memberwise initializer's assignments", anchor: #"^\s*(public |package )?init\($"#, pattern: #"^\s*self\.([`\w]+) = "#, ignored: ["metadata"]),
        Member(name: "decode walk's locals", anchor: #"^\s*(public |package )?init<Source"#, pattern: #"^\s*var (\w+?)_: .+ = nil$"#),
        Member(name: "decode walk's switch", anchor: #"^\s*(public |package )?init<Source"#, pattern: #"^\s*case \d+: \w+_ = try _source\.\w+\(\.([`\w]+)"#),
        Member(name: "decode walk's initializer call", anchor: #"^\s*(public |package )?init<Source"#,
               pattern: #"^\s*([`\w]+): (?!break$)(?:[`\w]+|_source\.\w+\(.*\)),?$"#, ignored: ["metadata"]),
        Member(name: "field walk's switch", anchor: #"^\s*private func writeField<Sink"#, pattern: #"^\s*case \d+: sink\.set(?:List)?\(\.([`\w]+),"#),
        Member(name: "merge", anchor: #"^\s*(public |package )?static func merge\("#, pattern: #"^\s*merged\.([`\w]+) = "#, ignored: ["metadata"], complete: false),
        Member(name: "query fields", anchor: #"^\s*(public |package )?nonisolated enum Fields \{"#, pattern: #"static let ([`\w]+) = RecordKit\.QueryField"#,
               ignored: ["recordName", "creationDate", "modificationDate"], complete: false),
    ]

    @Test func everyGeneratedMemberListsFieldsInSchemaOrder() throws {
        var checkedMembers = 0
        var problems: [String] = []
        for (recordType, typeName, lines) in try Self.generatedModels() {
            // Properties and cases may be escaped (`default`), and labels drop the backticks: compare bare names.
            let properties = recordType.fields.map { Self.bare(SwiftNamer.propertyName($0.name)) }
            let cases = recordType.fields.map { Self.bare(SwiftNamer.fieldCase($0.name).name) }
            for member in Self.members {
                let names = try Self.names(in: lines, member)
                if member.name == "query fields" && names == nil { continue }
                guard let names else {
                    problems.append("\(typeName): no \(member)")
                    continue
                }
                // The enum cases and the switch name cases; the other members name properties.
                let schemaOrder = ["enum Field", "decode walk's switch", "field walk's switch"].contains(member.name) ? cases : properties
                if let problem = Self.orderProblem(names, schemaOrder: schemaOrder, complete: member.complete) {
                    problems.append("\(typeName), \(member): \(problem)")
                }
                checkedMembers += 1
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(checkedMembers > 100, "the golden schemas hold many models; only \(checkedMembers) members were checked")
    }

    /// The field walk writes in the byte order of the keys: `writeFields(to:)` calls positions 0, 1, 2, … and the
    /// switch's case labelled `n` writes the field whose key is `n`th in that order.
    @Test func theFieldWalkWritesInKeyOrder() throws {
        let call = try Regex(#"^\s*writeField\((\d+), to: &sink\)$"#)
        let labelledCase = try Regex(#"^\s*case (\d+): sink\.set(?:List)?\(\.([`\w]+),"#)
        var checkedModels = 0
        for (recordType, typeName, lines) in try Self.generatedModels() {
            let calls = lines.compactMap { $0.firstMatch(of: call).flatMap { Int($0.output[1].substring ?? "") } }
            #expect(calls == Array(recordType.fields.indices), "\(typeName): writeFields(to:) calls \(calls)")
            let keyByPosition = Self.keysByPosition(in: lines, labelledCase, recordType)
            let keysInKeyOrder = recordType.fields.map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let written = recordType.fields.indices.map { keyByPosition[$0] }
            #expect(written == keysInKeyOrder, "\(typeName): the field walk writes \(written), the keys' order is \(keysInKeyOrder)")
            checkedModels += 1
        }
        #expect(checkedModels > 10, "only \(checkedModels) models were checked")
    }

    /// The decode walk reads in the order records and archives keep: `init(fieldsFrom:)` calls `_readField` with
    /// positions 0, 1, 2, … (`beginEncryptedFields()` before the first encrypted one), and the case labelled `n`
    /// reads the field that is `n`th in that order: the unencrypted keys in byte order, then the encrypted ones.
    /// (GeneratedCodeConsumerTests' DecodeWalkOrderTests runs the compiled walks of the goldens.)
    @Test func theDecodeWalkReadsInKeyOrder() throws {
        let call = try Regex(#"^\s*try _readField\((\d+), &_source\)$"#)
        let labelledCase = try Regex(#"^\s*case (\d+): \w+_ = try _source\.\w+\(\.([`\w]+)"#)
        var checkedModels = 0
        for (recordType, typeName, lines) in try Self.generatedModels() {
            let byKey: (String, String) -> Bool = { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let plain = recordType.fields.filter { !$0.isEncrypted }.map(\.name).sorted(by: byKey)
            let encrypted = recordType.fields.filter(\.isEncrypted).map(\.name).sorted(by: byKey)
            // The calls, with the move to the encrypted fields where it is.
            let calls = lines.compactMap { line -> String? in
                if line.trimmingCharacters(in: .whitespaces) == "try _source.beginEncryptedFields()" { return "encrypted" }
                return line.firstMatch(of: call).map { String($0.output[1].substring ?? "") }
            }
            var expectedCalls = recordType.fields.indices.map(String.init)
            if !encrypted.isEmpty { expectedCalls.insert("encrypted", at: plain.count) }
            #expect(calls == expectedCalls, "\(typeName): init(fieldsFrom:) calls \(calls)")
            let keyByPosition = Self.keysByPosition(in: lines, labelledCase, recordType)
            let read = recordType.fields.indices.map { keyByPosition[$0] }
            #expect(read == plain + encrypted, "\(typeName): the decode walk reads \(read), the read order is \(plain + encrypted)")
            checkedModels += 1
        }
        #expect(checkedModels > 10, "only \(checkedModels) models were checked")
    }

    /// Every model the golden schemas generate that has fields: its record type, type name and generated lines.
    static func generatedModels() throws -> [(recordType: RecordType, typeName: String, lines: [String])] {
        let schemas = RepositorySchemas.shipped() + [ReferenceTests.coverage] + ReferenceTests.cards
        var models: [(recordType: RecordType, typeName: String, lines: [String])] = []
        for path in schemas {
            let input = try RepositorySchemas.input(path)
            let files = try GeneratorPipeline().generate([input])
            for recordType in input.schema.records where !recordType.fields.isEmpty {
                let typeName = SwiftNamer.typeName(recordType.name)
                let file = try #require(files.first { $0.name == "\(typeName).swift" }, "\(path): no \(typeName).swift")
                models.append((recordType, typeName, file.contents.components(separatedBy: "\n")))
            }
        }
        return models
    }

    /// The key of the field each `case n:` of a walk's switch names, by `n`: `labelledCase` captures the position,
    /// then the field's case name.
    static func keysByPosition(in lines: [String], _ labelledCase: Regex<AnyRegexOutput>, _ recordType: RecordType) -> [Int: String] {
        var keyByPosition: [Int: String] = [:]
        for line in lines {
            guard let match = line.firstMatch(of: labelledCase), let position = Int(match.output[1].substring ?? ""),
                  let name = match.output[2].substring else { continue }
            let field = recordType.fields.first { Self.bare(SwiftNamer.fieldCase($0.name).name) == Self.bare(String(name)) }
            keyByPosition[position] = field?.name
        }
        return keyByPosition
    }

    /// The checker itself: a member out of order, or missing a field, is reported.
    @Test func aListOutOfSchemaOrderIsReported() {
        #expect(Self.orderProblem(["a", "b", "c"], schemaOrder: ["a", "b", "c"], complete: true) == nil)
        #expect(Self.orderProblem(["a", "c"], schemaOrder: ["a", "b", "c"], complete: false) == nil)
        #expect(Self.orderProblem(["b", "a", "c"], schemaOrder: ["a", "b", "c"], complete: true) != nil)
        #expect(Self.orderProblem(["c", "a"], schemaOrder: ["a", "b", "c"], complete: false) != nil)
        #expect(Self.orderProblem(["a", "c"], schemaOrder: ["a", "b", "c"], complete: true) != nil)
        #expect(Self.orderProblem(["a", "x"], schemaOrder: ["a", "b"], complete: false) != nil)
    }

    /// What is wrong with the order of `names`, or nil when they follow `schemaOrder` (all of it when `complete`).
    static func orderProblem(_ names: [String], schemaOrder: [String], complete: Bool) -> String? {
        if complete {
            return names == schemaOrder ? nil : "lists \(names), the schema's order is \(schemaOrder)"
        }
        var next = schemaOrder.startIndex
        for name in names {
            guard let position = schemaOrder[next...].firstIndex(of: name) else {
                return "lists \(names): \(name) is out of the schema's order \(schemaOrder)"
            }
            next = position + 1
        }
        return nil
    }

    /// The names `member.pattern` finds in the member's lines, in order; nil when the file has no such member.
    static func names(in lines: [String], _ member: Member) throws -> [String]? {
        let anchor = try Regex(member.anchor)
        let pattern = try Regex(member.pattern)
        guard let start = lines.firstIndex(where: { $0.contains(anchor) }) else { return nil }
        let indentation = lines[start].prefix { $0 == " " }
        var names: [String] = []
        for line in lines[(start + 1)...].flatMap(expandingCall) {
            if line == indentation + "}" { break }
            guard let match = line.firstMatch(of: pattern) else { continue }
            // The name is the last capture (an optional access modifier may come first).
            guard let captured = match.output.last?.substring else { continue }
            let name = bare(String(captured))
            if !member.ignored.contains(name) { names.append(name) }
        }
        return names
    }

    /// `self.init(a: a, metadata: metadata)` (or `try self.init(…)`) on one line (a model of one field) as one
    /// argument a line, as the initializer call of a bigger model is printed.
    static func expandingCall(_ line: String) -> [String] {
        var trimmed = line.drop { $0 == " " }
        if trimmed.hasPrefix("try ") { trimmed = trimmed.dropFirst("try ".count) }
        guard trimmed.hasPrefix("self.init("), trimmed.hasSuffix(")") else { return [line] }
        let indentation = String(line.prefix { $0 == " " }) + "    "
        // Split at the commas outside parentheses: `_source.required(a, .a)` is one argument.
        var arguments: [String] = [""]
        var depth = 0
        for character in trimmed.dropFirst("self.init(".count).dropLast() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ",", depth == 0 { arguments.append("") } else { arguments[arguments.count - 1].append(character) }
        }
        return arguments.map { indentation + $0.drop { $0 == " " } }
    }

    static func bare(_ name: String) -> String {
        name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
    }
}
