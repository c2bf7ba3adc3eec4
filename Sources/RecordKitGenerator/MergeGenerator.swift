import RecordSchema

/// Prints `merge(ancestor:client:server:)`, following the record type's `<merge>` rule (server wins without one).
struct MergeGenerator {
    let recordType: RecordType
    let fields: [FieldGenerator]
    let access: AccessLevel

    func print(into p: inout CodePrinter) {
        let rule = recordType.merge
        p.line("/// Three-way merge: a field changed on one side takes that side's value; a field changed on both")
        p.line("/// sides \(conflictSentence(rule))")
        if rule?.lists == .union {
            p.line("/// Lists changed on both sides are united: what neither side removed, then both sides' additions.")
        }
        p.line("/// The result keeps the server's record ID and system fields; the parent merges like a field.")
        p.block("\(access.prefix)static func merge(ancestor: Self?, client: Self, server: Self) -> Self {") { p in
            p.line("let merger = \(mergerExpression(rule))")
            p.line("var merged = server")
            let unionLists = rule?.lists == .union
            for field in fields { p.line(field.mergeStatement(unionLists: unionLists)) }
            p.line("merged.metadata = merger.mergeMetadata(ancestor.map { $0.metadata }, client.metadata, server.metadata)")
            p.line("return merged")
        }
    }

    private func conflictSentence(_ rule: MergeRule?) -> String {
        switch rule?.strategy {
        case .lastWriterWins:
            let clock = rule?.clock ?? "?"
            return "takes the value of the side whose `\(clock)` is later (the server's on a tie)."
        case .clientWins: return "takes the client's value."
        case .serverWins, nil: return "takes the server's value."
        }
    }

    private func mergerExpression(_ rule: MergeRule?) -> String {
        switch rule?.strategy {
        case .lastWriterWins:
            if let clock = rule?.clock, let field = fields.first(where: { $0.field.name == clock }) {
                return "RecordKit.FieldMerger.lastWriterWins(clientClock: client.\(field.property), serverClock: server.\(field.property))"
            }
            return "RecordKit.FieldMerger(conflictsGoTo: .server)"
        case .clientWins: return "RecordKit.FieldMerger(conflictsGoTo: .client)"
        case .serverWins, nil: return "RecordKit.FieldMerger(conflictsGoTo: .server)"
        }
    }
}
