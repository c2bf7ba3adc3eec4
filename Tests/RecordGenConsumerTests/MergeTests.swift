import Foundation
import RecordKit
import Testing

/// Three-way merge: one-sided edits from both sides, conflicts by the schema's rule.
@Suite struct MergeTests {
    @Test func nonConflictingEditsComeFromBothSides() throws {
        let ancestor = ConsumerFixtures.note(modified: 100)
        var client = ancestor
        client.title = "Client title"
        client.modified = Date(timeIntervalSince1970: 200)
        var server = ancestor
        server.pinned = false
        server.metadata.system.changeTag = "server-tag"
        let merged = Note.merge(ancestor: ancestor, client: client, server: server)
        #expect(merged.title == "Client title")
        #expect(merged.pinned == false)
        #expect(merged.modified == Date(timeIntervalSince1970: 200))
        #expect(merged.metadata.system.changeTag == "server-tag", "the server's change tag, to save over its record")
    }

    @Test func lastWriterWinsConflicts() throws {
        let ancestor = ConsumerFixtures.note(modified: 100, title: "Old")
        var client = ancestor
        client.title = "Client"
        client.modified = Date(timeIntervalSince1970: 300)
        var server = ancestor
        server.title = "Server"
        server.modified = Date(timeIntervalSince1970: 200)
        #expect(Note.merge(ancestor: ancestor, client: client, server: server).title == "Client")
        server.modified = Date(timeIntervalSince1970: 400)
        #expect(Note.merge(ancestor: ancestor, client: client, server: server).title == "Server")
        server.modified = client.modified
        #expect(Note.merge(ancestor: ancestor, client: client, server: server).title == "Server", "ties go to the server")
    }

    @Test func clientWinsAndListsUnite() throws {
        let ancestor = try ConsumerFixtures.article()
        var client = ancestor
        client.title = "Client"
        client.scores = [3, 2, 5]          // removed 1, added 5
        var server = ancestor
        server.title = "Server"
        server.scores = [3, 1, 2, 8]       // added 8
        server.views = 99
        let merged = Article.merge(ancestor: ancestor, client: client, server: server)
        #expect(merged.title == "Client")
        #expect(merged.views == 99)
        #expect(merged.scores == [3, 2, 8, 5])
    }

    @Test func withoutAncestorEveryDifferenceIsAConflict() throws {
        var client = try ConsumerFixtures.article()
        client.title = "Client"
        client.scores = [1]
        var server = try ConsumerFixtures.article()
        server.title = "Server"
        server.scores = [2]
        let merged = Article.merge(ancestor: nil, client: client, server: server)
        #expect(merged.title == "Client")
        #expect(merged.scores == [2, 1])
    }

    @Test func unknownFieldsMergeToo() throws {
        var base = try ConsumerFixtures.article().record()
        base.fields["mood"] = .string("calm")
        base.fields["version"] = .int64(4)
        let ancestor = try Article(record: base)
        var client = ancestor
        client.metadata.unknownFields["mood"] = .string("happy")
        var server = ancestor
        server.metadata.unknownFields["weather"] = .string("rain")
        let merged = Article.merge(ancestor: ancestor, client: client, server: server)
        #expect(merged.metadata.unknownFields == ["mood": .string("happy"), "weather": .string("rain")])
        #expect(merged.record().fields["version"] == .int64(4))
    }
}
