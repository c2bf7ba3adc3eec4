import Foundation
import RecordKit
import Testing

/// The JSON shapes of the runtime's values (what generated models' `Codable` is made of): documented, stable,
/// round-tripping to equal values, and refusing bad input with a typed `DecodingError`.
@Suite struct ValueCodableTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    static let zone = RecordZoneID(zoneName: "notebook", ownerName: "_owner")
    static let recordID = RecordID(recordName: "n1", zoneID: zone)

    @Test func idsAndReferencesHaveTheDocumentedShapes() throws {
        #expect(try Self.json(Self.zone) == #"{"ownerName":"_owner","zoneName":"notebook"}"#)
        #expect(try Self.json(Self.recordID) == #"{"recordName":"n1","zoneID":{"ownerName":"_owner","zoneName":"notebook"}}"#)
        #expect(try Self.json(Reference(recordID: RecordID(recordName: "r"), action: .deleteSelf))
            == #"{"action":"deleteSelf","recordID":{"recordName":"r","zoneID":{"ownerName":"__defaultOwner__","zoneName":"_defaultZone"}}}"#)
        // What the initialisers default, decoding defaults.
        #expect(try Self.decode(RecordID.self, #"{"recordName":"r"}"#) == RecordID(recordName: "r"))
        #expect(try Self.decode(RecordZoneID.self, #"{"zoneName":"z"}"#) == RecordZoneID(zoneName: "z"))
        #expect(try Self.decode(Reference.self, #"{"recordID":{"recordName":"r"}}"#) == Reference(recordID: RecordID(recordName: "r")))
    }

    @Test func aTypedReferenceWithoutAnActionWritesNone() throws {
        struct Target: RecordModel {
            enum Field: String, RecordFieldKey { case name }
            static let recordType = "Target"
            static let schemaVersion = 1
            var metadata: RecordMetadata
            init(record: Record) throws(RecordDecodingError) { metadata = RecordMetadata(recordID: record.id) }
            func record() -> Record { Record(recordType: Self.recordType, id: metadata.recordID) }
            static func merge(ancestor: Self?, client: Self, server: Self) -> Self { server }
        }
        let unset = RecordReference<Target>(Self.recordID)
        #expect(try Self.json(unset) == #"{"recordID":{"recordName":"n1","zoneID":{"ownerName":"_owner","zoneName":"notebook"}}}"#)
        #expect(try Self.decode(RecordReference<Target>.self, Self.json(unset)) == unset)
        let chosen = RecordReference<Target>(Self.recordID, action: .validate)
        #expect(try Self.decode(RecordReference<Target>.self, Self.json(chosen)) == chosen)
        #expect(unset.fieldValue == .reference(Reference(recordID: Self.recordID, action: .none)))
        #expect(unset.withDefaultAction(.deleteSelf).action == .deleteSelf)
        #expect(chosen.withDefaultAction(.deleteSelf).action == .validate)
        #expect(try RecordReference<Target>(fieldValue: chosen.fieldValue) == chosen)
    }

    @Test func fieldValuesNameTheirKind() throws {
        #expect(try Self.json(FieldValue.string("yellow")) == #"{"type":"string","value":"yellow"}"#)
        #expect(try Self.json(FieldValue.int64(-3)) == #"{"type":"int64","value":-3}"#)
        #expect(try Self.json(FieldValue.list(.int64([1, 2]))) == #"{"of":"int64","type":"list","value":[1,2]}"#)
        #expect(try Self.json(FieldValue.list(.location([]))) == #"{"of":"location","type":"list","value":[]}"#)
        #expect(try Self.json(RecordFields(["b": .double(0.5), "a": .string("x")]))
            == #"{"a":{"type":"string","value":"x"},"b":{"type":"double","value":0.5}}"#)
    }

    @Test func everyKindRoundTrips() throws {
        let place = try Location(latitude: 1, longitude: 2, altitude: 3, horizontalAccuracy: 4, verticalAccuracy: 5, speed: 6, course: 7,
                                 timestamp: Date(timeIntervalSinceReferenceDate: 0.123456789))
        let asset = try Asset(fileURL: URL(fileURLWithPath: "/tmp/a"), fileChecksum: "c", size: 9, referenceChecksum: "r",
                              wrappingKey: "w", receipt: "rc", downloadURL: "https://example.com/d")
        let reference = Reference(recordID: Self.recordID, action: .validate)
        let date = Date(timeIntervalSince1970: 1_700_000_000.123)
        let values: [FieldValue] = [
            .string("é and \u{1F600}"), .int64(.min), .int64(.max), .double(-0.0), .double(1e-300), .timestamp(date),
            .bytes(Data([0, 1, 255])), .asset(asset), .asset(Asset(fileURL: URL(fileURLWithPath: "/tmp/b"))), .reference(reference),
            .location(place), .location(try Location(latitude: 0, longitude: 0)),
            .list(.string([])), .list(.string(["a"])), .list(.int64([1])), .list(.double([2.5])), .list(.timestamp([date])),
            .list(.bytes([Data()])), .list(.asset([asset])), .list(.reference([reference])), .list(.location([place])),
        ]
        for value in values {
            #expect(try Self.decode(FieldValue.self, Self.json(value)) == value, "\(value)")
        }
        let fields = RecordFields(values.enumerated().map { ("f\($0.offset)", $0.element) })
        #expect(try Self.decode(RecordFields.self, Self.json(fields)) == fields)
        let system = SystemFields(
            changeTag: "t", creationDate: date, creatorUserRecordName: "c", modificationDate: date.addingTimeInterval(1),
            lastModifiedUserRecordName: "m", modifiedByDevice: "d", parent: reference, share: reference)
        #expect(try Self.decode(SystemFields.self, Self.json(system)) == system)
        #expect(try Self.json(SystemFields()) == "{}")
        let metadata = RecordMetadata(recordID: Self.recordID, system: system, unknownFields: fields, unknownEncryptedFields: ["s": .string("x")], decodedVersion: 4)
        let decoded = try Self.decode(RecordMetadata.self, Self.json(metadata))
        #expect(decoded == metadata)
        #expect(decoded.decodedVersion == 4)
        #expect(try Self.json(RecordMetadata(recordID: RecordID(recordName: "r"))).hasPrefix(#"{"recordID":"#))
    }

    @Test(arguments: [
        (#"{"latitude":91,"longitude":0}"#, "Location", "latitude 91.0 is out of range"),
        (#"{"size":-1,"fileChecksum":"c"}"#, "Asset", "asset size -1 is negative"),
        (#"{}"#, "Asset", "asset names no file"),
        (#"{"type":"list","of":"list","value":[]}"#, "FieldValue", "a list of lists"),
        (#"{"type":"strng","value":"x"}"#, "FieldValue", "strng"),
        (#"{"recordID":{"recordName":"r"},"action":"DELETE_SELF"}"#, "Reference", "DELETE_SELF"),
    ])
    func invalidValuesAreDataCorrupted(json: String, type: String, message: String) throws {
        let error = try #require(throws: DecodingError.self) {
            switch type {
            case "Location": _ = try Self.decode(Location.self, json)
            case "Asset": _ = try Self.decode(Asset.self, json)
            case "FieldValue": _ = try Self.decode(FieldValue.self, json)
            default: _ = try Self.decode(Reference.self, json)
            }
        }
        guard case let .dataCorrupted(context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect("\(context.debugDescription) \(context.underlyingError.map { "\($0)" } ?? "")".contains(message), "\(context)")
    }

    @Test func aValueOfTheWrongKindIsATypeMismatchAtItsPath() throws {
        let error = try #require(throws: DecodingError.self) {
            try Self.decode(RecordFields.self, #"{"count":{"type":"int64","value":"three"}}"#)
        }
        guard case let .typeMismatch(_, context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["count", "value"])
        let missing = try #require(throws: DecodingError.self) { try Self.decode(RecordID.self, #"{"zoneID":{"zoneName":"z"}}"#) }
        guard case let .keyNotFound(key, _) = missing else {
            Issue.record("\(missing)")
            return
        }
        #expect(key.stringValue == "recordName")
    }
}
