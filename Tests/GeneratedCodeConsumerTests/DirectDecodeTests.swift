import Foundation
import RecordKit
import Testing

/// Generated `init(archived:)` reads the archive directly (no `Record` built): over random models of every
/// generated type, hand-made records (unknown, retired and misplaced fields, wrong kinds, versions) and damaged
/// bytes, it gives exactly what `init(archivedViaRecord:)` gives, the same model and metadata or the same error,
/// and a valid archive never needs the fallback to the record path.
@Suite struct DirectDecodeTests {
    /// Decodes `data` both ways and compares; returns whether it decoded and whether the direct read fell back.
    @discardableResult
    static func compare<Model: RecordModel>(
        _ type: Model.Type, _ data: Data, _ label: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (decoded: Bool, fellBack: Bool) {
        let fallbacks = FallbackCounter()
        let direct = ModelArchiveReadObserver.$onFallback.withValue({ _ in fallbacks.add() }) {
            Result { () throws(RecordModelArchiveError) in try Model(archived: data) }
        }
        let viaRecord = Result { () throws(RecordModelArchiveError) in try Model(archivedViaRecord: data) }
        switch (direct, viaRecord) {
        case let (.success(fast), .success(slow)):
            #expect(fast == slow, "\(label()): models differ", sourceLocation: sourceLocation)
            #expect(fast.metadata.recordID == slow.metadata.recordID, "\(label())", sourceLocation: sourceLocation)
            #expect(fast.metadata.system == slow.metadata.system, "\(label())", sourceLocation: sourceLocation)
            #expect(fast.metadata.unknownFields == slow.metadata.unknownFields, "\(label())", sourceLocation: sourceLocation)
            #expect(fast.metadata.unknownEncryptedFields == slow.metadata.unknownEncryptedFields, "\(label())", sourceLocation: sourceLocation)
            #expect(fast.metadata.decodedVersion == slow.metadata.decodedVersion, "\(label())", sourceLocation: sourceLocation)
            return (true, fallbacks.count > 0)
        case let (.failure(fast), .failure(slow)):
            #expect(fast == slow, "\(label()): errors differ", sourceLocation: sourceLocation)
            return (false, fallbacks.count > 0)
        default:
            Issue.record("\(label()): direct \(direct), via record \(viaRecord)", sourceLocation: sourceLocation)
            return (false, fallbacks.count > 0)
        }
    }

    /// Compares both paths over the archive of `record`, as `Model`.
    @discardableResult
    static func compare(_ record: Record, as recordType: String? = nil, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> (decoded: Bool, fellBack: Bool) {
        let data = NativeArchive.encode(record)
        switch recordType ?? record.recordType {
        case "Note": return compare(Note.self, data, label, sourceLocation: sourceLocation)
        case "Folder": return compare(Folder.self, data, label, sourceLocation: sourceLocation)
        case "GalleryItem": return compare(GalleryItem.self, data, label, sourceLocation: sourceLocation)
        case "SharedNote": return compare(SharedNote.self, data, label, sourceLocation: sourceLocation)
        case "Article": return compare(Article.self, data, label, sourceLocation: sourceLocation)
        case "Awkward": return compare(Awkward.self, data, label, sourceLocation: sourceLocation)
        case "Empty": return compare(Empty.self, data, label, sourceLocation: sourceLocation)
        case "Task": return compare(Task.self, data, label, sourceLocation: sourceLocation)
        default:
            Issue.record("\(label): no model for \(recordType ?? record.recordType)", sourceLocation: sourceLocation)
            return (false, false)
        }
    }

    /// The record `record`'s model writes back (a declared field moves to the map the schema puts it in).
    static func rewritten(_ record: Record) throws -> Record {
        func through<Model: RecordModel>(_ type: Model.Type) throws -> Record { try Model(record: record).record() }
        switch record.recordType {
        case "Note": return try through(Note.self)
        case "Folder": return try through(Folder.self)
        case "GalleryItem": return try through(GalleryItem.self)
        case "SharedNote": return try through(SharedNote.self)
        case "Article": return try through(Article.self)
        case "Awkward": return try through(Awkward.self)
        case "Empty": return try through(Empty.self)
        default: return try through(Task.self)
        }
    }

    static let modelTypes = ["Note", "Folder", "GalleryItem", "SharedNote", "Article", "Awkward", "Empty", "Task"]

    /// Random records of every generated type (fields dropped, kept fields of every kind in both maps, newer
    /// versions, system fields), archived as they are and as their model writes them.
    @Test(arguments: 0..<4)
    func randomRecordsDecodeDirectlyAlike(batch: Int) throws {
        let seeds = try DirectArchiveTests.seedRecords().map(Self.rewritten)
        var decoded = 0
        for index in 0..<150 {
            let seed = UInt64(batch * 1000 + index)
            var random = RandomValues(seed: seed)
            var record = seeds[index % seeds.count]
            for key in record.fields.keys where random.chance(4) { record.fields[key] = nil }
            let keys = ["", "a", "color", "legacyKey", "m", "note", "tagz", "text0", "zz", "Ω", "🙂", "Colour", "version0"]
            for _ in 0..<random.int(6) {
                let key = random.pick(keys)
                if !Self.declares(record.recordType, key) { record.fields[key] = random.value() }
            }
            for _ in 0..<random.int(3) {
                let key = random.pick(keys)
                if !Self.declares(record.recordType, key) { record.encryptedFields[key] = random.value() }
            }
            if random.chance(2), case let .int64(version)? = record.fields["version"] {
                record.fields["version"] = .int64(version + Int64(random.int(3)))
            }
            record.system = random.systemFields()
            let result = Self.compare(record, "seed \(seed)")
            if result.decoded {
                decoded += 1
                #expect(!result.fellBack, "seed \(seed): a valid archive fell back to the record path")
            }
        }
        #expect(decoded >= 75, "most random records must decode, or the test checks little")
    }

    /// Every model's own archive decodes directly, never through the fallback.
    @Test func modelArchivesNeverFallBack() throws {
        for record in try DirectArchiveTests.seedRecords().map(Self.rewritten) {
            let result = Self.compare(record, "\(record.recordType) \(record.id.recordName)")
            #expect(result.decoded && !result.fellBack, "\(record.recordType) \(record.id.recordName)")
        }
    }

    /// Records a model reads in special ways or refuses: each gives the same model or the same error both ways.
    @Test func handMadeRecordsDecodeAlike() throws {
        let note = try ConsumerFixtures.note().record()
        var cases: [(String, Record)] = []
        func variant(_ label: String, _ base: Record, _ change: (inout Record) -> Void) {
            var record = base
            change(&record)
            cases.append((label, record))
        }
        variant("retired fields", note) {
            $0.fields["color"] = .string("red")
            $0.encryptedFields["legacyKey"] = .bytes(Data([1, 2]))
        }
        variant("unknown fields of every kind", note) {
            var random = RandomValues(seed: 7)
            for index in 0..<16 { $0.fields["unknown\(index)"] = random.value() }
            for index in 0..<16 { $0.encryptedFields["hidden\(index)"] = random.value() }
        }
        variant("newer version, preserved", note) { $0.fields["version"] = .int64(9) }
        variant("no version field", note) { $0.fields["version"] = nil }
        variant("version 0", note) { $0.fields["version"] = .int64(0) }
        variant("version as a string", note) { $0.fields["version"] = .string("3") }
        variant("version encrypted", note) {
            $0.fields["version"] = nil
            $0.encryptedFields["version"] = .int64(2)
        }
        variant("wrong kind", note) { $0.fields["title"] = .int64(1) }
        variant("wrong list kind", note) { $0.fields["tags"] = .list(.int64([1])) }
        variant("empty list of another kind", note) { $0.fields["tags"] = .list(.int64([])) }
        variant("list for a scalar", note) { $0.fields["title"] = .list(.string(["a"])) }
        variant("invalid UUID", note) { $0.fields["uuid"] = .string("not a uuid") }
        variant("invalid Bool", note) { $0.fields["pinned"] = .int64(2) }
        variant("unknown enum raw value", note) { $0.fields["priority"] = .int64(42) }
        variant("missing required field", note) { $0.fields["modified"] = nil }
        variant("missing required last field", note) { $0.fields["uuid"] = nil }
        variant("encrypted field stored plain", note) {
            $0.encryptedFields["secret"] = nil
            $0.fields["secret"] = .string("plain")
        }
        variant("plain field stored encrypted", note) {
            $0.fields["title"] = nil
            $0.encryptedFields["title"] = .string("hidden")
        }
        variant("required field stored encrypted", note) {
            $0.fields["modified"] = nil
            $0.encryptedFields["modified"] = .timestamp(Date(timeIntervalSince1970: 5))
        }
        variant("encrypted field of the wrong kind", note) { $0.encryptedFields["secretCount"] = .string("1") }
        variant("wrong record type", note) { $0.recordType = "Folder" }
        let shared = SharedNote(recordID: RecordID(recordName: "s"), body: "b", edited: ConsumerFixtures.date(3)).record()
        variant("newer version, rejected", shared) { $0.fields["schemaVersion"] = .int64(2) }
        variant("same version, accepted", shared) { $0.fields["schemaVersion"] = .int64(1) }
        for (label, record) in cases {
            let result = Self.compare(record, as: "Note", label)
            if record.recordType == "SharedNote" { Self.compare(record, label) }
            // Fields in the other map, and the version field encrypted, are what the direct read leaves to the record path.
            let fallsBack = ["encrypted field stored plain", "plain field stored encrypted", "required field stored encrypted", "version encrypted"]
            if result.decoded, !fallsBack.contains(label) {
                #expect(!result.fellBack, "\(label): fell back")
            }
        }
        // A record of every type, read as every other type: the wrong record type, both ways.
        for record in try DirectArchiveTests.seedRecords() {
            for type in Self.modelTypes where type != record.recordType {
                Self.compare(record, as: type, "\(record.recordType) as \(type)")
            }
        }
    }

    /// Damaged archives: truncated, extended, and every byte changed, with the checksum left wrong and with it
    /// recomputed (so the damage reaches the decoders).
    @Test(arguments: [0, 1, 2, 3])
    func damagedArchivesFailAlike(seedIndex: Int) throws {
        let records = try [ConsumerFixtures.note().record(), CoverageTests.article().record(),
                           Task(record: WebServicesJSON.decodeRecord(ServerCodecTests.taskBody)).record(),
                           SharedNote(recordID: RecordID(recordName: "s"), body: "b", edited: ConsumerFixtures.date(3)).record()]
        let record = records[seedIndex]
        let archive = NativeArchive.encode(record)
        var damaged: [(String, Data)] = []
        for length in 0..<archive.count { damaged.append(("truncated to \(length)", archive.prefix(length))) }
        damaged.append(("extended", archive + Data([0])))
        damaged.append(("extended, checksum fixed", Self.fixingChecksum(archive.prefix(archive.count - 8) + Data([0]) + Data(count: 8))))
        for position in 0..<archive.count {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var bytes = archive
                bytes[position] ^= mask
                damaged.append(("byte \(position) ^ \(mask)", bytes))
                if position < archive.count - 8 { damaged.append(("byte \(position) ^ \(mask), checksum fixed", Self.fixingChecksum(bytes))) }
            }
        }
        for (label, data) in damaged {
            switch record.recordType {
            case "Note": Self.compare(Note.self, data, label)
            case "Article": Self.compare(Article.self, data, label)
            case "Task": Self.compare(Task.self, data, label)
            default: Self.compare(SharedNote.self, data, label)
            }
        }
    }

    /// The committed fuzz inputs of the native record decoder, read as every model both ways.
    @Test func fuzzInputsDecodeAlike() throws {
        let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tools/Fuzz")
        var inputs = 0
        for folder in ["Corpus", "Regressions"] {
            let directory = fuzz.appendingPathComponent(folder).appendingPathComponent("FuzzNativeRecord")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where !name.hasPrefix(".") {
                guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else { continue }
                inputs += 1
                Self.compare(Note.self, data, name)
                Self.compare(Folder.self, data, name)
                Self.compare(GalleryItem.self, data, name)
                Self.compare(SharedNote.self, data, name)
                Self.compare(Article.self, data, name)
                Self.compare(Awkward.self, data, name)
                Self.compare(Empty.self, data, name)
                Self.compare(Task.self, data, name)
            }
        }
        #expect(inputs > 0, "no committed fuzz inputs found under \(fuzz.path)")
    }

    /// `data` with its last eight bytes replaced by the checksum of the rest.
    static func fixingChecksum(_ data: Data) -> Data {
        let payload = Data(data.prefix(data.count - 8))
        var sum = NativeArchive.checksum(payload).littleEndian
        return payload + withUnsafeBytes(of: &sum) { Data($0) }
    }

    static func declares(_ recordType: String, _ key: String) -> Bool {
        switch recordType {
        case "Note": Note.Field(rawValue: key) != nil
        case "Folder": Folder.Field(rawValue: key) != nil
        case "GalleryItem": GalleryItem.Field(rawValue: key) != nil
        case "SharedNote": SharedNote.Field(rawValue: key) != nil
        case "Article": Article.Field(rawValue: key) != nil
        case "Awkward": Awkward.Field(rawValue: key) != nil
        case "Empty": Empty.Field(rawValue: key) != nil
        case "Task": Task.Field(rawValue: key) != nil
        default: false
        }
    }
}

/// Counts fallbacks reported from inside a decode.
final class FallbackCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }
    func add() { lock.withLock { value += 1 } }
}
