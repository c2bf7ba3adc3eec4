import Foundation
import Testing
@testable import RecordKit

/// Every CKRecord value class maps to its FieldValue; anything else is a typed error naming the key.
@Suite struct RecordValueDecodingTests {
    typealias Builder = RecordArchiveBuilder

    static let id = RecordID(recordName: "note-1", zoneID: RecordZoneID(zoneName: "note-zone"))
    static let folder = RecordID(recordName: "folder-9", zoneID: RecordZoneID(zoneName: "note-zone"))
    static let record = Record(
        recordType: "Note", id: id,
        system: SystemFields(changeTag: "a1", creationDate: Date(timeIntervalSinceReferenceDate: 600_000_000.25),
                             modificationDate: Date(timeIntervalSinceReferenceDate: 600_000_001.5))
    )

    @Test func everyValueClassMapsToItsKind() throws {
        var builder = Builder(record: Self.record)
        builder.values = [
            ("title", Builder.plain(.string("Groceries"))),
            ("body", Builder.mutableString("milk, eggs")),
            ("count", Builder.plain(.integer(-3))),
            ("ratio", Builder.plain(.real(0.25))),
            ("pinned", Builder.plain(.bool(true))),
            ("due", Builder.date(Date(timeIntervalSinceReferenceDate: 610_000_000.125))),
            ("blob", Builder.plain(.data(Data([1, 2, 3])))),
            ("cache", Builder.mutableData(Data([9, 8]))),
            ("folder", Builder.reference(Reference(recordID: Self.folder, action: .deleteSelf))),
            ("place", Builder.location(latitude: 48.8584, longitude: 2.2945, altitude: 35, horizontalAccuracy: 5,
                                       verticalAccuracy: 3, speed: -1, course: -1, timestamp: 610_000_000)),
            ("tags", Builder.array([Builder.plain(.string("home")), Builder.plain(.string("food"))])),
            ("related", Builder.array([Builder.reference(Reference(recordID: Self.folder))])),
            ("scores", Builder.array([Builder.plain(.integer(1)), Builder.plain(.integer(2))])),
            ("empty", Builder.array([])),
        ]
        builder.encryptedValues = [("secret", Builder.plain(.string("pin 1234")))]
        let data = builder.build()
        guard case let .record(decoded) = try KeyedArchive.contents(of: data) else {
            Issue.record("expected a whole record")
            return
        }
        #expect(decoded.recordType == "Note" && decoded.id == Self.id && decoded.system == Self.record.system)
        #expect(decoded["title"] == .string("Groceries"))
        #expect(decoded["body"] == .string("milk, eggs"))
        #expect(decoded["count"] == .int64(-3))
        #expect(decoded["ratio"] == .double(0.25))
        #expect(decoded["pinned"] == .int64(1))
        #expect(decoded["due"] == .timestamp(Date(timeIntervalSinceReferenceDate: 610_000_000.125)))
        #expect(decoded["blob"] == .bytes(Data([1, 2, 3])))
        #expect(decoded["cache"] == .bytes(Data([9, 8])))
        #expect(decoded["folder"] == .reference(Reference(recordID: Self.folder, action: .deleteSelf)))
        let place = try Location(latitude: 48.8584, longitude: 2.2945, altitude: 35, horizontalAccuracy: 5,
                                 verticalAccuracy: 3, timestamp: Date(timeIntervalSinceReferenceDate: 610_000_000))
        #expect(decoded["place"] == .location(place))
        #expect(decoded["tags"] == .list(.string(["home", "food"])))
        #expect(decoded["related"] == .list(.reference([Reference(recordID: Self.folder)])))
        #expect(decoded["scores"] == .list(.int64([1, 2])))
        #expect(decoded["empty"] == .list(.string([])))
        #expect(decoded.fields.count == 14)
        #expect(decoded.encryptedFields == ["secret": .string("pin 1234")])
        #expect(decoded.fields["secret"] == nil)
    }

    @Test func locationWithOnlyRawCoordinatesAndInvalidAltitude() throws {
        var builder = Builder(record: Self.record)
        builder.values = [("place", Builder.object("CLLocation", ["CLLocation", "NSObject"]) { _ in
            ["kCLLocationCodingKeyRawCoordinateLatitude": .real(-33.86), "kCLLocationCodingKeyRawCoordinateLongitude": .real(151.21),
             "kCLLocationCodingKeyAltitude": .real(0), "kCLLocationCodingKeyVerticalAccuracy": .real(-1)]
        })]
        let decoded = try KeyedArchive.decodeRecord(builder.build())
        #expect(decoded["place"] == .location(try Location(latitude: -33.86, longitude: 151.21)))
    }

    @Test func unknownValueClassIsAnErrorNamingTheKey() {
        var builder = Builder(record: Self.record)
        builder.values = [("title", Builder.plain(.string("ok"))),
                          ("shape", Builder.object("NSValue", ["NSValue", "NSObject"]) { _ in ["NS.rectval": .string("{{0, 0}, {1, 1}}")] })]
        #expect(throws: KeyedArchiveError.unsupportedValue(path: "$top.root.ValueStore.RecordValues[\"shape\"]", className: "NSValue")) {
            try KeyedArchive.decodeRecord(builder.build())
        }
    }

    @Test func mixedAndNestedListsAreRefused() {
        var mixed = Builder(record: Self.record)
        mixed.values = [("tags", Builder.array([Builder.plain(.string("a")), Builder.plain(.integer(1))]))]
        #expect(throws: KeyedArchiveError.self) { try KeyedArchive.decodeRecord(mixed.build()) }
        do {
            _ = try KeyedArchive.decodeRecord(mixed.build())
        } catch {
            #expect(error.description.contains("RecordValues[\"tags\"]"))
        }
        var nested = Builder(record: Self.record)
        nested.values = [("grid", Builder.array([Builder.array([Builder.plain(.integer(1))])]))]
        #expect(throws: KeyedArchiveError.invalidValue(path: "$top.root.ValueStore.RecordValues[\"grid\"][0]", reason: "a list inside a list")) {
            try KeyedArchive.decodeRecord(nested.build())
        }
    }

    @Test func anArrayHoldingItselfDoesNotHang() {
        var builder = Builder(record: Self.record)
        builder.values = [("loop", { writer in
            let uid = writer.begin()
            writer.finish(uid, fields: ["NS.objects": .array([.uid(uid)])], className: "NSArray", classes: ["NSArray", "NSObject"])
            return .uid(uid)
        })]
        #expect(throws: KeyedArchiveError.self) { try KeyedArchive.decodeRecord(builder.build()) }
    }

    @Test func invalidValuesAreTypedErrors() {
        var builder = Builder(record: Self.record)
        builder.values = [("place", Builder.location(latitude: 95, longitude: 0, timestamp: 0))]
        #expect(throws: KeyedArchiveError.self) { try KeyedArchive.decodeRecord(builder.build()) }
        var action = Builder(record: Self.record)
        action.values = [("folder", Builder.object("CKReference", ["CKReference", "NSObject"]) { writer in
            ["RecordID": writer.recordID(Self.folder), "Action": .integer(7)]
        })]
        #expect(throws: KeyedArchiveError.invalidValue(path: "$top.root.ValueStore.RecordValues[\"folder\"].Action", reason: "unknown reference action 7")) {
            try KeyedArchive.decodeRecord(action.build())
        }
    }

    @Test func archivesThatHoldNoRecordAreRecognizedAsSuch() throws {
        var writer = KeyedArchiveWriter()
        let root = writer.date(Date(timeIntervalSinceReferenceDate: 0))
        let dateArchive = writer.archive(top: ["root": root])
        #expect(throws: KeyedArchiveError.unrecognizedContents(reason: "the root object is a NSDate")) {
            try KeyedArchive.contents(of: dateArchive)
        }
        #expect(throws: KeyedArchiveError.unexpectedClass(path: "$top.root", expected: "CKServerChangeToken", found: "NSDate")) {
            try KeyedArchive.decodeChangeToken(dateArchive)
        }
        let token = KeyedArchive.encodeChangeToken(ServerChangeToken(data: Data([1])))
        #expect(throws: KeyedArchiveError.unexpectedClass(path: "$top.root", expected: "CKRecord", found: "CKServerChangeToken")) {
            try KeyedArchive.decodeRecord(token)
        }
        let notArchive = BinaryPropertyList.encode(.dictionary(["$archiver": .string("Other")]))
        #expect(throws: KeyedArchiveError.notKeyedArchive(reason: "$archiver is not \"NSKeyedArchiver\"")) {
            try KeyedArchive.contents(of: notArchive)
        }
    }

    @Test func missingRecordTypeIsNamed() {
        var writer = KeyedArchiveWriter()
        let root = writer.begin()
        writer.finish(root, fields: ["RecordID": writer.recordID(Self.id)], className: "CKRecord", classes: ["CKRecord", "NSObject"])
        #expect(throws: KeyedArchiveError.missingValue(path: "$top.root.RecordType")) {
            try KeyedArchive.decodeRecord(writer.archive(top: ["root": .uid(root)]))
        }
    }
}
