import Foundation
import RecordKit
import Testing

/// `JSONEncoder().encode(model)` and back: every golden model round-trips to an equal model, metadata included
/// (record ID, system fields, unknown and unknown encrypted fields of every kind, the decoded version).
@Suite struct CodableTests {
    static func roundTrip<Model: RecordModel & Codable>(_ model: Model) throws -> Model {
        try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(model))
    }

    /// The JSON object a model encodes to.
    static func jsonObject(_ model: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(model))
        return try #require(object as? [String: Any], sourceLocation: sourceLocation)
    }

    /// Metadata as a record written by a newer app version and fetched from the server leaves it.
    static func serverMetadata(_ recordID: RecordID) throws -> RecordMetadata {
        let place = try Location(latitude: -33.9, longitude: 151.2, horizontalAccuracy: 5, timestamp: ConsumerFixtures.date(9))
        let unknown: RecordFields = [
            "futureText": .string("from version 9"), "futureCount": .int64(-4), "futureScore": .double(0.25),
            "futureDate": .timestamp(ConsumerFixtures.date(1_234.5)), "futureBlob": .bytes(Data([0, 255])),
            "futureAsset": .asset(try Asset(fileChecksum: "abc", size: 12, downloadURL: "https://example.com/a")),
            "futureLink": .reference(Reference(recordID: RecordID(recordName: "x", zoneID: ConsumerFixtures.notebook), action: .validate)),
            "futurePlace": .location(place), "futureTags": .list(.string(["a", "b"])), "futureNothing": .list(.location([])),
            "futureRoute": .list(.location([place])),
        ]
        return RecordMetadata(
            recordID: recordID,
            system: SystemFields(
                changeTag: "tag-7", creationDate: ConsumerFixtures.date(1), creatorUserRecordName: "_creator",
                modificationDate: ConsumerFixtures.date(2), lastModifiedUserRecordName: "_editor", modifiedByDevice: "iPhone",
                parent: Reference(recordID: RecordID(recordName: "parent")), share: Reference(recordID: RecordID(recordName: "share"))),
            unknownFields: unknown,
            unknownEncryptedFields: ["futureSecret": .string("hidden"), "futureSecretPlace": .location(place)],
            decodedVersion: 9)
    }

    /// Round-trips `model` with and without server metadata; the record it writes is the same too.
    static func expectRoundTrip<Model: RecordModel & Codable>(
        _ model: Model, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var withMetadata = model
        withMetadata.metadata = try serverMetadata(model.recordID)
        for original in [model, withMetadata] {
            let decoded = try roundTrip(original)
            #expect(decoded == original, "\(Model.self)", sourceLocation: sourceLocation)
            #expect(decoded.metadata.decodedVersion == original.metadata.decodedVersion, "provenance is kept too",
                    sourceLocation: sourceLocation)
            #expect(decoded.record() == original.record(), sourceLocation: sourceLocation)
        }
    }

    @Test func everyGoldenModelRoundTrips() throws {
        let notebook = ConsumerFixtures.notebook
        try Self.expectRoundTrip(try ConsumerFixtures.note())
        try Self.expectRoundTrip(Note(text: ConsumerFixtures.asset(), modified: ConsumerFixtures.date(0), uuid: ConsumerFixtures.uuid))
        try Self.expectRoundTrip(Folder(
            recordID: RecordID(recordName: "f2", zoneID: notebook), name: "Inbox",
            parentFolder: RecordReference(RecordID(recordName: "f1", zoneID: notebook)), created: ConsumerFixtures.date(3)))
        try Self.expectRoundTrip(SharedNote(body: "shared", edited: ConsumerFixtures.date(4)))
        try Self.expectRoundTrip(GalleryItem(caption: "sunset", image: ConsumerFixtures.asset("image"), likes: 42))
        try Self.expectRoundTrip(try CoverageTests.article())
        try Self.expectRoundTrip(Empty(recordID: RecordID(recordName: "e")))
        try Self.expectRoundTrip(Awkward(recordID: RecordID(recordName: "a"), metadataField: "m", rawValue: 3, selfField: 1.5))
        try Self.expectRoundTrip(Task(title: "Write tests", due: ConsumerFixtures.date(8), color: "red", modified: ConsumerFixtures.date(7)))
    }

    @Test func enumsKeepUnknownRawValues() throws {
        var note = try ConsumerFixtures.note()
        note.priority = .unknown(7)
        note.mood = .unknown("ecstatic")
        note.moods = [.happy, .unknown("wistful")]
        let decoded = try Self.roundTrip(note)
        #expect(decoded == note)
        #expect(decoded.priority == .unknown(7))
        let json = try Self.jsonObject(note)
        #expect(json["priority"] as? Int == 7)
        #expect(json["moods"] as? [String] == ["happy", "wistful"])
        #expect(try JSONDecoder().decode(Mood.self, from: Data("\"calm\"".utf8)) == .calm)
    }

    @Test func fieldsAreUnderTheirRecordKeysAndTheMetadataBesideThem() throws {
        let awkward = Awkward(recordID: RecordID(recordName: "a"), metadataField: "m", rawValue: 3, selfField: 1.5, zoneID: "z")
        let json = try Self.jsonObject(awkward)
        #expect(Set(json.keys) == ["metadata", "rawValue", "self", "zoneID", "___metadata"])
        #expect(json["metadata"] as? String == "m", "the field named metadata, not the model's metadata")
        let metadata = try #require(json["___metadata"] as? [String: Any])
        let recordID = try #require(metadata["recordID"] as? [String: Any])
        #expect(recordID["recordName"] as? String == "a")

        let article = try Self.jsonObject(try CoverageTests.article())
        #expect(article["class"] as? Int == 7)
        #expect(article["record"] as? String == "kept", "the property is recordField, the key stays record")
        #expect(article["where"] is [String: Any], "an encrypted field is a plain member: JSON is not encrypted")
        let note = try Self.jsonObject(try ConsumerFixtures.note())
        #expect(note["pinned"] as? Bool == true)
        #expect(note["uuid"] as? String == ConsumerFixtures.uuid.uuidString)
        let folder = try #require(note["folder"] as? [String: Any])
        #expect(folder["action"] == nil, "the schema's action is the writers' to add: the model holds none of its own")
        var chosen = try ConsumerFixtures.note()
        chosen.folder = RecordReference(RecordID(recordName: "f"), action: .validate)
        let chosenFolder = try #require(try Self.jsonObject(chosen)["folder"] as? [String: Any])
        #expect(chosenFolder["action"] as? String == "validate", "an action code chose is kept")
    }

    @Test func optionalFieldsAreLeftOutWhenNil() throws {
        let note = ConsumerFixtures.plainNote(modified: 0)
        let json = try Self.jsonObject(note)
        #expect(json["mood"] == nil)
        #expect(json["folder"] == nil)
        #expect(json["tags"] as? [String] == [])
        let metadata = try #require(json["___metadata"] as? [String: Any])
        #expect(Set(metadata.keys) == ["recordID"], "a new model has no system fields, unknown fields or decoded version")
    }

    @Test func badInputIsATypedDecodingError() throws {
        var json = try Self.jsonObject(GalleryItem(recordID: RecordID(recordName: "g"), caption: "c", image: ConsumerFixtures.asset(), likes: 1))
        func decode(_ object: [String: Any]) throws -> GalleryItem {
            try JSONDecoder().decode(GalleryItem.self, from: JSONSerialization.data(withJSONObject: object))
        }
        #expect(try decode(json).caption == "c")

        json["likes"] = "many"
        let mismatch = try #require(throws: DecodingError.self) { try decode(json) }
        guard case let .typeMismatch(_, context) = mismatch else { Issue.record("\(mismatch)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["likes"])

        json["likes"] = 1
        json["___metadata"] = nil
        let missing = try #require(throws: DecodingError.self) { try decode(json) }
        guard case let .keyNotFound(key, _) = missing else { Issue.record("\(missing)"); return }
        #expect(key.stringValue == "___metadata")

        json["___metadata"] = ["recordID": ["recordName": "g"], "unknownFields": ["x": ["type": "strng", "value": "y"]]]
        let kind = try #require(throws: DecodingError.self) { try decode(json) }
        guard case let .dataCorrupted(context) = kind else { Issue.record("\(kind)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["___metadata", "unknownFields", "x", "type"])

        json["___metadata"] = ["recordID": ["recordName": "g"]]
        json["image"] = ["size": 3]
        let asset = try #require(throws: DecodingError.self) { try decode(json) }
        guard case let .dataCorrupted(context) = asset else { Issue.record("\(asset)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["image"])
        #expect(context.debugDescription.contains("asset names no file"))
    }
}
