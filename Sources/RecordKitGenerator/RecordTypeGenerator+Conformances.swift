import RecordSchema

/// The members of a model that serve Swift habits rather than records: the zone constant and the `Codable` keys.
extension RecordTypeGenerator {
    /// `static let zoneID`: the record type's zone, so code never spells a zone name again.
    func printZoneConstant(into p: inout CodePrinter) {
        guard let zoneName = recordType.zone else {
            p.line("/// The zone of `\(recordType.name)` records: the default zone (the schema names none).")
            p.line("\(access.prefix)static let zoneID: RecordKit.RecordZoneID = RecordKit.RecordZoneID.default")
            p.line()
            return
        }
        let database = zone?.database ?? .private
        let owner = database == .public ? "" : ", owned by the current user"
        p.line("/// The zone of `\(recordType.name)` records, `\(zoneName)` in the \(database.rawValue) database\(owner).")
        if database == .shared {
            p.line("/// Records others share with this user are in the sharer's zone of that name:")
            p.line("/// `RecordZoneID(zoneName: \(SwiftNamer.typeName(recordType.name)).zoneID.zoneName, ownerName: sharer)`.")
        }
        p.line("\(access.prefix)static let zoneID: RecordKit.RecordZoneID = RecordKit.RecordZoneID(zoneName: \(SwiftNamer.stringLiteral(zoneName)))")
        p.line()
    }

    /// `enum CodingKeys`: the compiler synthesises `Codable` from the stored properties; these keys put each field
    /// under its record key and the metadata under `___metadata`, a name no field can have (RK rule on `___`).
    func printCodingKeys(into p: inout CodePrinter) {
        p.line()
        p.line("/// The JSON keys (`Codable`): each field under its record key, the metadata under `___metadata`.")
        p.block("private nonisolated enum CodingKeys: Swift.String, Swift.CodingKey {") { p in
            for field in fields {
                let name = field.property.trimmingBackticks
                p.line("case \(field.property)" + (name == field.field.name ? "" : " = \(SwiftNamer.stringLiteral(field.field.name))"))
            }
            p.line("case metadata = \"___metadata\"")
        }
    }
}

extension String {
    /// The identifier without the backticks that escape a keyword.
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
