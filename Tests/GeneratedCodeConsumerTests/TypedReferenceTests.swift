import Foundation
import RecordKit
import Testing

/// Reference fields typed by their target (`RecordReference<Folder>`): made from the model or its ID, written with
/// the schema's action unless code chose one, plain CloudKit references on the wire.
@Suite struct TypedReferenceTests {
    static let inbox = Folder(recordID: RecordID(recordName: "inbox", zoneID: ConsumerFixtures.notebook), name: "Inbox", created: ConsumerFixtures.date(1))

    static func note() -> Note { ConsumerFixtures.plainNote(modified: 2) }

    @Test func aReferenceIsMadeFromItsTargetOrTheTargetsID() {
        let fromModel = RecordReference(Self.inbox)
        let fromID = RecordReference<Folder>(Self.inbox.id)
        #expect(fromModel == fromID)
        #expect(fromModel.recordID == Self.inbox.recordID)
        #expect(fromModel.action == nil, "no action of its own until it is stored in a field")
        // The property's type names the target: a Folder reference cannot hold a Note (this would not compile):
        // note.folder = RecordReference(Self.note())
        let property: WritableKeyPath<Note, RecordReference<Folder>?> = \.folder
        #expect(Self.note()[keyPath: property] == nil)
    }

    @Test func writtenReferencesTakeTheSchemasAction() throws {
        var note = Self.note()
        note.folder = RecordReference(Self.inbox)
        note.links = [RecordReference(RecordID(recordName: "n0"))]
        note.links.append(RecordReference(RecordID(recordName: "n2")))
        #expect(note.folder?.action == nil, "the model holds the reference as code made it")
        let written = [
            ("record", NativeArchive.encode(note.record())),
            ("archive", try note.archived()),
        ]
        for (path, bytes) in written {
            let record = try NativeArchive.decodeRecord(bytes)
            #expect(record.fields["folder"] == .reference(Reference(recordID: Self.inbox.recordID, action: .deleteSelf)),
                    "Showcase: folder action=deleteSelf (\(path))")
            #expect(record.fields["links"] == .list(.reference([
                Reference(recordID: RecordID(recordName: "n0"), action: .validate),
                Reference(recordID: RecordID(recordName: "n2"), action: .validate),
            ])), "Showcase: links action=validate, the appended one too (\(path))")
        }

        let made = Note(
            recordID: ConsumerFixtures.noteID, text: ConsumerFixtures.asset(), modified: ConsumerFixtures.date(2),
            uuid: ConsumerFixtures.uuid, folder: RecordReference(Self.inbox), links: [RecordReference(RecordID(recordName: "n0"))])
        #expect(made.record().fields["folder"] == note.record().fields["folder"], "a model made by the initializer writes it too")
        #expect(made == note.settingLinks([RecordReference(RecordID(recordName: "n0"))]))

        var child = Folder(name: "Child", created: ConsumerFixtures.date(3))
        child.parentFolder = RecordReference(Self.inbox)
        #expect(child.record().fields["parentFolder"] == .reference(Reference(recordID: Self.inbox.recordID, action: .deleteSelf)))
    }

    /// Appending to a list of references changes that list in place: no property observer maps the whole array
    /// again on every change (the storage stays where it was while its capacity lasts).
    @Test func appendingAReferenceDoesNotRemapTheList() {
        var note = Self.note()
        note.links.reserveCapacity(64)
        note.links.append(RecordReference(RecordID(recordName: "n0")))
        let storage = note.links.withUnsafeBufferPointer { $0.baseAddress }
        for index in 1..<32 { note.links.append(RecordReference(RecordID(recordName: "n\(index)"))) }
        #expect(note.links.withUnsafeBufferPointer { $0.baseAddress } == storage, "appended in place, never copied")
        #expect(note.links.allSatisfy { $0.action == nil }, "no element rewritten")
        #expect(note.record().fields["links"].map { value -> Bool in
            guard case let .list(.reference(references)) = value else { return false }
            return references.count == 32 && references.allSatisfy { $0.action == .validate }
        } == true)
    }

    @Test func codeCanChooseAnotherAction() throws {
        var note = Self.note()
        note.folder = RecordReference(Self.inbox, action: .none)
        #expect(note.folder?.action == Reference.Action.none)
        let record = note.record()
        #expect(record.fields["folder"] == .reference(Reference(recordID: Self.inbox.recordID, action: .none)))
        #expect(try Note(record: record) == note)
    }

    @Test func onTheWireATypedReferenceIsAPlainReference() throws {
        var note = Self.note()
        note.folder = RecordReference(Self.inbox)
        note.links = [RecordReference(RecordID(recordName: "n0"))]
        let record = note.record()
        #expect(record.fields["folder"] == .reference(Reference(recordID: Self.inbox.recordID, action: .deleteSelf)))
        #expect(record.fields["links"] == .list(.reference([Reference(recordID: RecordID(recordName: "n0"), action: .validate)])))
        let decoded = try Note(record: record)
        #expect(decoded == note)
        #expect(NativeArchive.encode(decoded.record()) == NativeArchive.encode(record))

        // A record written by another client with another action keeps it through the round trip.
        var other = record
        other.fields["folder"] = .reference(Reference(recordID: Self.inbox.recordID, action: .validate))
        let read = try Note(record: other)
        #expect(read.folder?.action == .validate)
        #expect(read.record() == other)
        // A reference to any type reads, as CloudKit references do not say what they point at.
        #expect(RecordReference<Folder>(Reference(recordID: ConsumerFixtures.noteID)).recordID == ConsumerFixtures.noteID)
    }

    @Test func mergeKeepsTypedReferences() {
        let ancestor = Self.note()
        var client = ancestor
        client.folder = RecordReference(Self.inbox)
        let merged = Note.merge(ancestor: ancestor, client: client, server: ancestor)
        #expect(merged.folder == RecordReference(Self.inbox))
        #expect(merged.record().fields["folder"] == .reference(Reference(recordID: Self.inbox.recordID, action: .deleteSelf)))
    }

    @Test func untypedReferencesStayReferences() {
        var note = Self.note()
        note.owner = Reference(recordID: RecordID(recordName: "_owner"))
        #expect(note.owner?.action == Reference.Action.none, "owner names no target type: a plain Reference")
    }
}

extension Note {
    fileprivate func settingLinks(_ links: [RecordReference<Note>]) -> Note {
        var copy = self
        copy.links = links
        return copy
    }
}
