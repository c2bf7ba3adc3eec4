import RecordSchema

/// The members of a model that serve Swift habits rather than records: the zone constant and `Codable`.
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

    /// `Codable` through the field walks (`RecordKit.ModelCoding`): each field under its record key (`Field` is the
    /// coding key), the metadata under `___metadata`, a name no field can have (RK rule on `___`).
    func printCodable(into p: inout CodePrinter) {
        p.line()
        p.line("/// JSON (`Codable`): each field under its record key, the metadata under `___metadata`.")
        p.block("\(access.prefix)init(from decoder: any Swift.Decoder) throws {") { p in
            p.line("self = try RecordKit.ModelCoding.decode(Self.self, from: decoder)")
        }
        p.line()
        p.block("\(access.prefix)func encode(to encoder: any Swift.Encoder) throws {") { p in
            p.line("try RecordKit.ModelCoding.encode(self, to: encoder)")
        }
    }
}
