import Foundation
import RecordKit
import Testing

/// What a Swift or SwiftUI developer types first: models identified by their record ID (`ForEach(notes)`,
/// `notes.map(\.id)`), enums that list their cases, `JSONEncoder().encode(note)` (CodableTests), the zone as a
/// constant, references typed by their target (TypedReferenceTests).
@Suite struct SwiftHabitsTests {
    /// Stands in for SwiftUI's `ForEach(_:content:)`, which needs `Identifiable` elements.
    private func identifiers<Element: Identifiable>(of elements: [Element]) -> [Element.ID] { elements.map(\.id) }

    @Test func modelsAreIdentifiedByTheirRecordID() throws {
        var first = try ConsumerFixtures.note()
        var second = try ConsumerFixtures.note()
        second.metadata.recordID = RecordID(recordName: "note-2", zoneID: ConsumerFixtures.notebook)
        #expect(first.id == ConsumerFixtures.noteID)
        #expect(identifiers(of: [first, second]) == [ConsumerFixtures.noteID, second.recordID])
        // The ID follows the metadata, which a decoded record sets.
        first = try Note(record: second.record())
        #expect(first.id == second.id)
    }

    @Test func enumsListTheirKnownCasesAndStayOpen() {
        #expect(Priority.allCases == [.low, .normal, .high])
        #expect(Priority.allCases == Priority.knownCases)
        let fromNewerVersion = Priority(rawValue: 7)
        #expect(!Priority.allCases.contains(fromNewerVersion))
        #expect(fromNewerVersion.rawValue == 7)
    }

    @Test func zonesAreConstants() {
        #expect(Note.zoneID == RecordZoneID(zoneName: "notebook"))
        #expect(Folder.zoneID == Note.zoneID)
        #expect(SharedNote.zoneID == RecordZoneID(zoneName: "shared-notebook"))
        #expect(GalleryItem.zoneID == RecordZoneID(zoneName: "gallery"))
        #expect(Task.zoneID == RecordZoneID(zoneName: "tasks"))
        #expect(Article.zoneID == RecordZoneID.default, "Coverage declares no zone")
        // New models are made in their type's zone.
        #expect(Note(text: ConsumerFixtures.asset(), modified: Date(), uuid: UUID()).recordID.zoneID == Note.zoneID)
        #expect(Empty().recordID.zoneID == Empty.zoneID)
        let shared = RecordZoneID(zoneName: SharedNote.zoneID.zoneName, ownerName: "_sharer")
        #expect(RecordID.unique(in: Note.zoneID).zoneID == Note.zoneID, "a new ID in the zone a model exposes")
        #expect(RecordID.unique(in: shared).zoneID == shared, "another owner's zone keeps its owner")
        #expect(RecordID.unique(in: Note.zoneID) != RecordID.unique(in: Note.zoneID))
    }

    @Test func aModelEncodesWithJSONEncoder() throws {
        let note = try ConsumerFixtures.note()
        let data = try JSONEncoder().encode(note)
        #expect(try JSONDecoder().decode(Note.self, from: data) == note)
        #expect(try JSONDecoder().decode([Note].self, from: JSONEncoder().encode([note, note])).map(\.id) == [note.id, note.id])
    }
}
