import Foundation
import RecordKit
import Testing

/// The Coverage fixture: keyword field names, names that collide with generated members, a type without fields.
@Suite struct CoverageTests {
    static func article() throws -> Article {
        Article(
            recordID: RecordID(recordName: "article-1"), title: "On keywords", default: "fancy", class: 7,
            recordField: "kept", views: 12, link: URL(fileURLWithPath: "/tmp/a"), status: .published,
            history: [.draft, .default], scores: [3, 1, 2], where: try Location(latitude: 1, longitude: 2), subtitle: "s",
            related: [RecordReference(RecordID(recordName: "article-0"))])
    }

    @Test func keywordFieldsRoundTrip() throws {
        let article = try Self.article()
        let record = article.record()
        #expect(record.fields["default"] == .string("fancy"))
        #expect(record.fields["class"] == .int64(7))
        #expect(record.fields["record"] == .string("kept"), "the property is recordField, the key stays record")
        #expect(record.fields["history"] == .list(.string(["draft", "standard"])))
        #expect(record.encryptedFields["where"] != nil)
        #expect(record.fields["related"] == .list(.reference([Reference(recordID: RecordID(recordName: "article-0"), action: .none)])),
                "a schema without action= means CloudKit's none")
        #expect(try Article(record: record) == article)
        #expect(Article.Field.default.rawValue == "default")
    }

    @Test func clientWinsAndListsUnite() throws {
        let ancestor = try Self.article()
        var client = ancestor
        client.title = "Client"
        client.scores = [3, 2, 5]
        var server = ancestor
        server.title = "Server"
        server.scores = [3, 1, 2, 8]
        server.views = 99
        let merged = Article.merge(ancestor: ancestor, client: client, server: server)
        #expect(merged.title == "Client")
        #expect(merged.views == 99)
        #expect(merged.scores == [3, 2, 8, 5])
    }

    @Test func emptyTypeRoundTrips() throws {
        let empty = Empty(recordID: RecordID(recordName: "e"))
        #expect(empty.record().fields == ["version": .int64(1)])
        #expect(try Empty(record: empty.record()) == empty)
        #expect(Empty.Field.allCases.isEmpty)
    }

    @Test func collidingNamesAreRenamedInSwiftOnly() throws {
        let awkward = Awkward(recordID: RecordID(recordName: "a"), metadataField: "m", rawValue: 3, selfField: 1.5, zoneID: "z")
        let record = awkward.record()
        #expect(record.fields == ["metadata": .string("m"), "rawValue": .int64(3), "self": .double(1.5), "zoneID": .string("z")])
        #expect(awkward.zoneID == "z" && Awkward.zoneID == .default, "a field may share the static zoneID's name")
        #expect(try Awkward(record: record) == awkward)
        #expect(Awkward.Field.rawValueField.rawValue == "rawValue")
    }
}
