import Foundation
import RecordKit

/// A seeded generator (SplitMix64), so every run archives the same notes.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }
}

/// The plain values of one note, from which every codec's representation is built.
struct NoteValues {
    var recordName: String
    var zoneName: String
    var ownerName: String
    var changeTag: String
    var created: Date
    var modified: Date
    var text: String
    var count: Int64
    var tags: [String]
    var ratio: Double
    var attachment: Data
    var folderName: String

    static let zone = RecordZoneID(zoneName: "NotesZone", ownerName: "_5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a")

    /// `count` notes: 36-character record names, a custom zone, a change tag, dates, a 200-byte non-ASCII text,
    /// an Int64, five tags, a Double, 1 KiB of data and a reference.
    static func make(count: Int, seed: UInt64) -> [NoteValues] {
        var rng = SeededGenerator(seed: seed)
        let words = ["Grüße", "café", "naïve", "smörgåsbord", "日本", "über", "déjà", "vu", "ñandú", "🙂"]
        return (0..<count).map { _ in
            var text = ""
            while text.utf8.count < 200 { text += words[Int.random(in: 0..<words.count, using: &rng)] + " " }
            while text.utf8.count > 200 { text.removeLast() }
            var attachment = [UInt8](repeating: 0, count: 1024)
            for index in attachment.indices { attachment[index] = UInt8(truncatingIfNeeded: rng.next()) }
            return NoteValues(
                recordName: uuid(&rng), zoneName: zone.zoneName, ownerName: zone.ownerName,
                changeTag: String(rng.next() & 0xFFFF_FFFF, radix: 36),
                created: Date(timeIntervalSinceReferenceDate: Double(rng.next() % 800_000_000)),
                modified: Date(timeIntervalSinceReferenceDate: Double(rng.next() % 800_000_000) + 0.5),
                text: text, count: Int64(bitPattern: rng.next() % 1_000_000),
                tags: (0..<5).map { words[Int($0 + Int(rng.next() % 5))] },
                ratio: Double(rng.next() % 10_000) / 7.0, attachment: Data(attachment), folderName: uuid(&rng)
            )
        }
    }

    private static func uuid(_ rng: inout SeededGenerator) -> String {
        let hex = Array("0123456789ABCDEF")
        var text = ""
        for index in 0..<32 {
            if [8, 12, 16, 20].contains(index) { text.append("-") }
            text.append(hex[Int(rng.next() % 16)])
        }
        return text
    }

    var record: Record {
        Record(
            recordType: "Note",
            id: RecordID(recordName: recordName, zoneID: RecordZoneID(zoneName: zoneName, ownerName: ownerName)),
            fields: [
                "text": .string(text),
                "count": .int64(count),
                "tags": .list(.string(tags)),
                "ratio": .double(ratio),
                "attachment": .bytes(attachment),
                "folder": .reference(Reference(
                    recordID: RecordID(recordName: folderName, zoneID: RecordZoneID(zoneName: zoneName, ownerName: ownerName)),
                    action: .deleteSelf
                )),
            ],
            system: SystemFields(
                changeTag: changeTag, creationDate: created, creatorUserRecordName: ownerName,
                modificationDate: modified, lastModifiedUserRecordName: ownerName
            )
        )
    }
}

/// The same note as a Codable struct, for PropertyListEncoder and JSONEncoder.
struct CodableNote: Codable, Equatable {
    struct ZoneID: Codable, Equatable {
        var zoneName: String
        var ownerName: String
    }

    struct RecordID: Codable, Equatable {
        var recordName: String
        var zoneID: ZoneID
    }

    struct Reference: Codable, Equatable {
        var recordID: RecordID
        var action: String
    }

    var recordType: String
    var recordID: RecordID
    var changeTag: String
    var creationDate: Date
    var creatorUserRecordName: String
    var modificationDate: Date
    var lastModifiedUserRecordName: String
    var text: String
    var count: Int64
    var tags: [String]
    var ratio: Double
    var attachment: Data
    var folder: Reference

    init(_ note: NoteValues) {
        let zone = ZoneID(zoneName: note.zoneName, ownerName: note.ownerName)
        recordType = "Note"
        recordID = RecordID(recordName: note.recordName, zoneID: zone)
        changeTag = note.changeTag
        creationDate = note.created
        creatorUserRecordName = note.ownerName
        modificationDate = note.modified
        lastModifiedUserRecordName = note.ownerName
        text = note.text
        count = note.count
        tags = note.tags
        ratio = note.ratio
        attachment = note.attachment
        folder = Reference(recordID: RecordID(recordName: note.folderName, zoneID: zone), action: "deleteSelf")
    }
}
