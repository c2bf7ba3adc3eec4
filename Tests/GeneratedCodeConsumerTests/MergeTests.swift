import Foundation
import RecordKit
import Testing

/// Three-way merge: one-sided edits from both sides, conflicts by the schema's rule.
@Suite struct MergeTests {
    @Test func nonConflictingEditsComeFromBothSides() throws {
        let ancestor = try ConsumerFixtures.note(modified: 100)
        var client = ancestor
        client.title = "Client title"
        client.modified = ConsumerFixtures.date(200)
        var server = ancestor
        server.pinned = false
        server.metadata.system.changeTag = "server-tag"
        let merged = Note.merge(ancestor: ancestor, client: client, server: server)
        #expect(merged.title == "Client title")
        #expect(merged.pinned == false)
        #expect(merged.modified == ConsumerFixtures.date(200))
        #expect(merged.metadata.system.changeTag == "server-tag", "the server's change tag, to save over its record")
    }

    /// The parent (`CKRecord.parent`) merges like a field; every other system field is the server's.
    @Test func theParentMergesLikeAField() throws {
        let folder = Reference(recordID: RecordID(recordName: "folder"))
        let other = Reference(recordID: RecordID(recordName: "other"))
        let ancestor = try ConsumerFixtures.note(modified: 100)
        var client = ancestor
        client.metadata.system.parent = folder
        var server = ancestor
        server.metadata.system.changeTag = "server-tag"
        var merged = Note.merge(ancestor: ancestor, client: client, server: server)
        #expect(merged.metadata.system.parent == folder, "changed by the client only")
        #expect(merged.metadata.system.changeTag == "server-tag")

        server.metadata.system.parent = other
        merged = Note.merge(ancestor: client, client: client, server: server)
        #expect(merged.metadata.system.parent == other, "changed by the server only")

        client.modified = ConsumerFixtures.date(300)
        server.modified = ConsumerFixtures.date(200)
        #expect(Note.merge(ancestor: ancestor, client: client, server: server).metadata.system.parent == folder,
                "changed on both sides: the later writer's")
        server.modified = ConsumerFixtures.date(400)
        #expect(Note.merge(ancestor: ancestor, client: client, server: server).metadata.system.parent == other)
    }

    @Test func lastWriterWinsConflictsTiesGoToTheServer() throws {
        let ancestor = try ConsumerFixtures.note(modified: 100)
        var client = ancestor
        client.title = "Client"
        client.modified = ConsumerFixtures.date(300)
        var server = ancestor
        server.title = "Server"
        server.modified = ConsumerFixtures.date(200)
        #expect(Note.merge(ancestor: ancestor, client: client, server: server).title == "Client")
        server.modified = ConsumerFixtures.date(400)
        #expect(Note.merge(ancestor: ancestor, client: client, server: server).title == "Server")
        server.modified = client.modified
        #expect(Note.merge(ancestor: ancestor, client: client, server: server).title == "Server")
    }

    @Test func listsChangedOnBothSidesUnite() throws {
        let ancestor = try ConsumerFixtures.note(modified: 100)   // tags: home, food
        var client = ancestor
        client.tags = ["home", "urgent"]                            // removed food, added urgent
        var server = ancestor
        server.tags = ["home", "food", "weekly"]                    // added weekly
        #expect(Note.merge(ancestor: ancestor, client: client, server: server).tags == ["home", "weekly", "urgent"])
    }

    @Test func clientWinsWithListsByStrategy() {
        let ancestor = SharedNote(recordID: RecordID(recordName: "s"), body: "a", edited: ConsumerFixtures.date(1))
        var client = ancestor
        client.body = "client"
        var server = ancestor
        server.body = "server"
        server.edited = ConsumerFixtures.date(5)
        let merged = SharedNote.merge(ancestor: ancestor, client: client, server: server)
        #expect(merged.body == "client")
        #expect(merged.edited == ConsumerFixtures.date(5))
    }

    @Test func serverWinsWithoutAClock() {
        let ancestor = Folder(recordID: RecordID(recordName: "f"), name: "a", created: ConsumerFixtures.date(1))
        var client = ancestor
        client.name = "client"
        var server = ancestor
        server.name = "server"
        #expect(Folder.merge(ancestor: ancestor, client: client, server: server).name == "server")
        #expect(Folder.merge(ancestor: ancestor, client: client, server: ancestor).name == "client")
    }

    @Test func withoutAncestorEveryDifferenceIsAConflict() throws {
        var client = try ConsumerFixtures.note(modified: 500)
        client.title = "Client"
        client.tags = ["c"]
        var server = try ConsumerFixtures.note(modified: 100)
        server.title = "Server"
        server.tags = ["s"]
        let merged = Note.merge(ancestor: nil, client: client, server: server)
        #expect(merged.title == "Client")
        #expect(merged.tags == ["s", "c"])
    }

    @Test func unknownFieldsMergeKeyByKey() throws {
        var base = try ConsumerFixtures.note().record()
        base.fields["weather"] = .string("calm")
        base.fields["version"] = .int64(4)
        let ancestor = try Note(record: base)
        var client = ancestor
        client.metadata.unknownFields["weather"] = .string("windy")
        var server = ancestor
        server.metadata.unknownFields["season"] = .string("spring")
        let merged = Note.merge(ancestor: ancestor, client: client, server: server)
        #expect(merged.metadata.unknownFields == ["weather": .string("windy"), "season": .string("spring")])
        #expect(merged.record().fields["version"] == .int64(4))
    }
}
