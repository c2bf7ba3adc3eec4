import Foundation
import RecordKit
import Testing

/// The archive bytes of every golden model are pinned (GoldenArchives.swift): a change to the generator or the
/// runtime that changes what a model archives, or how it reads its archive back, fails here. Re-record with
/// `RECORDKIT_RECORD_ARCHIVES=1 swift test --filter GoldenArchiveTests` only for a deliberate format change.
@Suite struct GoldenArchiveTests {
    /// One model of each golden type, with every field set where the fixtures allow.
    static func models() throws -> [(name: String, model: any RecordModel)] {
        var fromServer = ConsumerFixtures.plainNote(modified: 3)
        fromServer.metadata = try CodableTests.serverMetadata(fromServer.recordID)
        return [
            ("Note", try ConsumerFixtures.note()),
            ("Note.plain", ConsumerFixtures.plainNote()),
            ("Note.fromServer", fromServer),
            ("Folder", Folder(
                recordID: RecordID(recordName: "f2", zoneID: ConsumerFixtures.notebook), name: "Inbox",
                parentFolder: RecordReference(RecordID(recordName: "f1", zoneID: ConsumerFixtures.notebook)),
                created: ConsumerFixtures.date(3))),
            ("GalleryItem", GalleryItem(recordID: RecordID(recordName: "g"), caption: "Sunset", image: ConsumerFixtures.asset("sunset"), likes: 42)),
            ("SharedNote", SharedNote(recordID: RecordID(recordName: "s"), body: "b", edited: ConsumerFixtures.date(3))),
            ("Article", try CoverageTests.article()),
            ("Empty", Empty(recordID: RecordID(recordName: "e"))),
            ("Awkward", Awkward(recordID: RecordID(recordName: "a"), metadataField: "m", rawValue: 3, selfField: 1.5, zoneID: "z")),
            ("Task", Task(recordID: RecordID(recordName: "t"), title: "Write tests", due: ConsumerFixtures.date(8), color: "red", modified: ConsumerFixtures.date(7))),
        ]
    }

    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORDKIT_RECORD_ARCHIVES"] == "1" }

    @Test func everyGoldenModelArchivesToItsPinnedBytes() throws {
        let models = try Self.models()
        if Self.isRecording { try Self.record(models) }
        #expect(Set(GoldenArchives.hex.keys) == Set(models.map(\.name)), "one pinned archive per model")
        for (name, model) in models {
            let pinned = try #require(GoldenArchives.hex[name].flatMap(Self.bytes), "\(name) has no pinned archive")
            #expect(try model.archived() == pinned, "\(name): the direct archive")
            #expect(NativeArchive.encode(model.record()) == pinned, "\(name): the archive through the record")
            try Self.expectReadBack(model, from: pinned, name)
        }
    }

    /// Both read paths give the model back from the pinned bytes.
    static func expectReadBack<Model: RecordModel>(_ model: Model, from bytes: Data, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try Model(archived: bytes) == model, "\(name): the direct read", sourceLocation: sourceLocation)
        #expect(try Model(archivedViaRecord: bytes) == model, "\(name): the read through the record", sourceLocation: sourceLocation)
    }

    static func bytes(_ hex: String) -> Data? {
        var data = Data(capacity: hex.utf8.count / 2)
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next() {
            guard let low = iterator.next(), let byte = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            data.append(byte)
        }
        return data
    }

    static func record(_ models: [(name: String, model: any RecordModel)]) throws {
        var lines = [
            "// The archive bytes of the golden models, recorded by GoldenArchiveTests (RECORDKIT_RECORD_ARCHIVES=1).",
            "enum GoldenArchives {",
            "    static let hex: [String: String] = [",
        ]
        for (name, model) in models {
            let hex = try model.archived().map { String(format: "%02x", $0) }.joined()
            lines.append("        \"\(name)\": \"\(hex)\",")
        }
        lines += ["    ]", "}", ""]
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GoldenArchives.swift")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
    }
}
