import Foundation
import RecordKit

/// Sample values for the consumer tests (Showcase, Tasks version 1 and the Coverage fixture).
enum ConsumerFixtures {
    static let notebook = RecordZoneID(zoneName: "notebook")
    static let noteID = RecordID(recordName: "note-1", zoneID: notebook)
    static let uuid = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))

    static func asset(_ name: String = "text") -> Asset { Asset(fileURL: URL(fileURLWithPath: "/tmp/\(name).txt")) }
    static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    /// A Showcase note with every field set.
    static func note(modified seconds: Double = 1_000) throws -> Note {
        let place = try Location(latitude: 47.37, longitude: 8.54, altitude: 408)
        return Note(
            recordID: noteID, text: asset(), modified: date(seconds), title: "Groceries", tags: ["home", "food"],
            priority: .high, moods: [.happy, .calm], mood: .grumpy, pinned: true, position: 3, uuid: uuid,
            source: URL(fileURLWithPath: "/tmp/source"), folder: RecordReference(RecordID(recordName: "folder-1", zoneID: notebook)),
            links: [RecordReference(RecordID(recordName: "note-0", zoneID: notebook), action: .none)],
            owner: Reference(recordID: RecordID(recordName: "_owner")), secret: "under the mat", secretCount: 2,
            secretScore: 0.5, secretDate: date(7), secretBlob: Data([7, 7]), secretPlace: place, place: place,
            rating: 4.5, thumbnail: Data([9]), reminder: date(60), attachments: [asset("a"), asset("b")],
            scores: [1.5, -2], counts: [1, 2, 3], dates: [date(1), date(2)], blobs: [Data([1]), Data()],
            route: [place, place])
    }

    /// A Showcase note with only the fields that have no default set.
    static func plainNote(modified seconds: Double = 1) -> Note {
        Note(recordID: noteID, text: asset(), modified: date(seconds), uuid: uuid)
    }

    /// A note as version 2 of the app wrote it: no moods yet, and the colour version 3 retired.
    static func version2NoteRecord() -> Record {
        Record(
            recordType: "Note", id: noteID,
            fields: [
                "version": .int64(2), "text": .asset(asset()), "modified": .timestamp(date(5)),
                "title": .string("Old"), "tags": .list(.string(["x"])), "uuid": .string(uuid.uuidString),
                "color": .string("yellow"),
            ],
            encryptedFields: ["legacyKey": .bytes(Data([1]))],
            system: SystemFields(changeTag: "tag-1", creationDate: date(1)))
    }
}
