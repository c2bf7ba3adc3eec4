import Foundation
@testable import RecordKit
import Testing

/// Generated `archived()` writes the archive directly (no `Record` built): over random models of every generated
/// type, with random kept fields of every kind, retired fields, system fields and versions, its bytes are exactly
/// `NativeArchive.encode(model.record())`, and `init(archived:)` gives back the model and all its metadata.
@Suite struct DirectArchiveTests {
    /// A record of each generated type, with every field set where a fixture exists.
    static func seedRecords() throws -> [Record] {
        let place = try Location(latitude: 1, longitude: 2)
        return [
            try ConsumerFixtures.note().record(),
            ConsumerFixtures.plainNote(modified: 1).record(),
            ConsumerFixtures.version2NoteRecord(),
            Folder(recordID: RecordID(recordName: "f"), name: "Inbox", created: ConsumerFixtures.date(0)).record(),
            GalleryItem(recordID: RecordID(recordName: "g"), caption: "Sunset", image: ConsumerFixtures.asset("sunset")).record(),
            SharedNote(recordID: RecordID(recordName: "s"), body: "b", edited: ConsumerFixtures.date(3)).record(),
            try CoverageTests.article().record(),
            Awkward(recordID: RecordID(recordName: "a"), metadataField: "m", rawValue: 3, selfField: 1.5).record(),
            Empty(recordID: RecordID(recordName: "e")).record(),
            try Task(record: WebServicesJSON.decodeRecord(ServerCodecTests.taskBody)).record(),
            Record(recordType: "Article", id: RecordID(recordName: "w"), fields: ["title": .string("t"), "where": .location(place)]),
        ]
    }

    @Test(arguments: 0..<4)
    func directBytesEqualTheRecordsArchive(batch: Int) throws {
        let seeds = try Self.seedRecords()
        var checked = 0
        for index in 0..<150 {
            let seed = UInt64(batch * 1000 + index)
            var random = RandomValues(seed: seed)
            let base = seeds[index % seeds.count]
            let decoded: Bool
            switch base.recordType {
            case "Note": decoded = try check(Note.self, versionField: "version", base, &random, seed)
            case "Folder": decoded = try check(Folder.self, versionField: nil, base, &random, seed)
            case "GalleryItem": decoded = try check(GalleryItem.self, versionField: nil, base, &random, seed)
            case "SharedNote": decoded = try check(SharedNote.self, versionField: "schemaVersion", base, &random, seed)
            case "Article": decoded = try check(Article.self, versionField: "version", base, &random, seed)
            case "Awkward": decoded = try check(Awkward.self, versionField: nil, base, &random, seed)
            case "Empty": decoded = try check(Empty.self, versionField: "version", base, &random, seed)
            case "Task": decoded = try check(Task.self, versionField: "version", base, &random, seed)
            default: decoded = false
            }
            if decoded { checked += 1 }
        }
        #expect(checked >= 75, "most random records must decode into their model, or the test checks little")
    }

    /// Kept fields that share a declared field's key (set by hand): the declared value wins, as in `record()`,
    /// and a nil optional leaves the kept value.
    @Test func keptFieldsUnderDeclaredKeysMergeLikeTheRecord() throws {
        var note = try ConsumerFixtures.note()
        note.mood = nil
        note.metadata.unknownFields["title"] = .string("shadowed")
        note.metadata.unknownFields["mood"] = .string("kept")
        note.metadata.unknownFields["version"] = .int64(99)
        note.metadata.unknownFields["aaa"] = .int64(1)
        note.metadata.unknownFields["zzz"] = .list(.double([1, 2]))
        note.metadata.unknownEncryptedFields["secret"] = .string("shadowed")
        note.metadata.unknownEncryptedFields["plain"] = .string("encrypted under a plain key")
        note.metadata.decodedVersion = 7
        #expect(try note.archived() == NativeArchive.encode(note.record()))
        let article = try CoverageTests.article()
        var bare = article
        bare.metadata.unknownEncryptedFields["zz"] = .bytes(Data([1]))
        #expect(try bare.archived() == NativeArchive.encode(bare.record()))
    }

    /// Compares both paths for a random variant of `base`; false when the variant does not decode into the model.
    /// `versionField` is the one the model's generated `archived()` passes (checked: the bytes must be the same).
    private func check<Model: GeneratedRecordModel>(
        _ type: Model.Type, versionField: String?, _ base: Record, _ random: inout RandomValues, _ seed: UInt64
    ) throws -> Bool {
        var record = base
        let declared = Set(Model.Field.allCases.map(\.rawValue))
        // Drop declared fields at random; keep the drop only where the record still decodes (optional fields).
        for key in record.fields.keys where random.chance(3) {
            var trial = record
            trial.fields[key] = nil
            if (try? Model(record: trial)) != nil { record = trial }
        }
        // Kept fields of every kind under keys around and between the declared ones, retired ones included.
        let keys = ["", "a", "color", "legacyKey", "m", "note", "tagz", "text0", "zz", "Ω", "🙂", "Colour", "version0"]
            .filter { !declared.contains($0) }
        for _ in 0..<random.int(6) { record.fields[random.pick(keys)] = random.value() }
        for _ in 0..<random.int(3) { record.encryptedFields[random.pick(keys)] = random.value() }
        // A record from a newer app version (types that preserve newer versions decode it).
        if random.chance(2), case let .int64(version)? = record.fields["version"] {
            record.fields["version"] = .int64(version + Int64(random.int(3)))
        }
        record.system = random.systemFields()
        if random.chance(2) { record.id = RecordID(recordName: "r\(seed)", zoneID: RecordZoneID(zoneName: "z\(random.int(3))", ownerName: "o")) }
        guard let model = try? Model(record: record) else { return false }
        let direct = try model.archived()
        #expect(direct == NativeArchive.encode(model.record()), "seed \(seed), \(Model.recordType): direct bytes differ")
        // Sized exactly up front: a size pass that is off changes no byte (the writer grows, or the bytes are
        // copied out), so only the planned size shows it.
        #expect(
            ModelArchiveWriter<Model>.archive(model, versionField: versionField) == direct,
            "\(Model.recordType): not the version field its archived() passes")
        #expect(
            ModelArchiveWriter<Model>.plannedSize(of: model, versionField: versionField) == direct.count,
            "seed \(seed), \(Model.recordType): the size pass planned another size")
        let back = try Model(archived: direct)
        #expect(back == model, "seed \(seed)")
        #expect(back.metadata.recordID == model.metadata.recordID)
        #expect(back.metadata.system == model.metadata.system)
        #expect(back.metadata.unknownFields == model.metadata.unknownFields)
        #expect(back.metadata.unknownEncryptedFields == model.metadata.unknownEncryptedFields)
        #expect(back.metadata.decodedVersion == model.metadata.decodedVersion.map { max($0, Model.schemaVersion) } ?? Model.schemaVersion)
        return true
    }
}

/// Seeded values of every kind.
struct RandomValues {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ oneIn: Int) -> Bool { int(oneIn) == 0 }
    mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }

    mutating func string() -> String { pick(["", "x", "héllo", "日本語", "🙂 emoji", String(repeating: "long ", count: 40)]) }
    mutating func data() -> Data { Data((0..<int(40)).map { _ in UInt8(truncatingIfNeeded: next()) }) }
    mutating func date() -> Date { Date(timeIntervalSinceReferenceDate: Double(Int64(bitPattern: next()) % 1_000_000_000) / 8) }
    mutating func reference() -> Reference {
        Reference(recordID: RecordID(recordName: string() + "id"), action: pick([.none, .deleteSelf, .validate]))
    }
    mutating func asset() -> Asset { Asset(fileURL: URL(fileURLWithPath: "/tmp/\(int(100)).bin")) }
    /// A valid location (latitude and longitude in range), or nil only if the initializer changed its rules.
    mutating func location() -> Location? {
        try? Location(latitude: Double(int(180)) - 90, longitude: Double(int(360)) - 180, altitude: chance(2) ? 12 : nil)
    }

    mutating func value() -> FieldValue {
        let count = int(4)
        switch int(16) {
        case 0: return .string(string())
        case 1: return .int64(Int64(bitPattern: next()))
        case 2: return .double(Double(bitPattern: next()))
        case 3: return .timestamp(date())
        case 4: return .bytes(data())
        case 5: return .asset(asset())
        case 6: return .reference(reference())
        case 7: return location().map(FieldValue.location) ?? .int64(0)
        case 8: return .list(.string((0..<count).map { _ in string() }))
        case 9: return .list(.int64((0..<count).map { _ in Int64(bitPattern: next()) }))
        case 10: return .list(.double((0..<count).map { _ in Double(bitPattern: next()) }))
        case 11: return .list(.timestamp((0..<count).map { _ in date() }))
        case 12: return .list(.bytes((0..<count).map { _ in data() }))
        case 13: return .list(.asset((0..<count).map { _ in asset() }))
        case 14: return .list(.reference((0..<count).map { _ in reference() }))
        default: return .list(.location((0..<count).compactMap { _ in location() }))
        }
    }

    mutating func systemFields() -> SystemFields {
        SystemFields(
            changeTag: chance(2) ? string() : nil, creationDate: chance(2) ? date() : nil,
            creatorUserRecordName: chance(2) ? "_creator" : nil, modificationDate: chance(2) ? date() : nil,
            lastModifiedUserRecordName: chance(2) ? string() : nil, modifiedByDevice: chance(3) ? "device" : nil,
            parent: chance(3) ? reference() : nil, share: chance(4) ? reference() : nil)
    }
}
