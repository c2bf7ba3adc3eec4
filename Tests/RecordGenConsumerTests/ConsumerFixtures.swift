import Foundation
import RecordKit

/// Sample values for the consumer tests.
enum ConsumerFixtures {
    static let zone = RecordZoneID(zoneName: "note-zone")
    static let noteID = RecordID(recordName: "note-1", zoneID: zone)
    static let noteUUID = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))

    static func asset(_ name: String = "text") -> Asset { Asset(fileURL: URL(fileURLWithPath: "/tmp/\(name).txt")) }

    static func note(modified seconds: Double = 1_000, title: String = "Groceries") -> Note {
        Note(
            recordID: noteID, text: asset(), modified: Date(timeIntervalSince1970: seconds), title: title,
            tags: ["home"], priority: .high, pinned: true, uuid: noteUUID, secret: "under the mat")
    }

    /// A version-1 note record, as the first app version wrote it: no title, no tags.
    static func version1NoteRecord() -> Record {
        Record(
            recordType: "Note", id: noteID,
            fields: [
                "version": .int64(1), "text": .asset(asset()), "modified": .timestamp(Date(timeIntervalSince1970: 5)),
                "priority": .int64(0), "pinned": .int64(0), "uuid": .string(noteUUID.uuidString),
                "color": .string("yellow"),
            ],
            system: SystemFields(changeTag: "tag-1"))
    }

    static func article() throws -> Article {
        Article(
            recordID: RecordID(recordName: "article-1"), title: "On keywords", default: "fancy", class: 7,
            recordField: "kept", body: Data([1, 2, 3]), rating: 4.5, views: 12,
            link: URL(string: "https://example.com/a"), uuid: noteUUID, status: .published,
            history: [.draft, .default], related: [Reference(recordID: RecordID(recordName: "article-0"))],
            scores: [3, 1, 2], published: Date(timeIntervalSince1970: 86_400),
            cover: asset("cover"), where: try Location(latitude: 47.37, longitude: 8.54), subtitle: "sub", flags: [1])
    }
}
