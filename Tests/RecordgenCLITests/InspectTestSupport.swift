import Foundation
import RecordKit
import Testing

/// Records, files and JSON access shared by the `recordgen inspect` tests.
enum InspectFixtures {
    /// 2023-11-14T22:13:20.123Z.
    static let created = Date(timeIntervalSince1970: 1_700_000_000.123)
    /// 2023-11-15T01:59:59.999Z.
    static let modified = Date(timeIntervalSince1970: 1_700_013_599.999)
    static let zone = RecordZoneID(zoneName: "note-zone", ownerName: "_owner42")

    /// A note with a value of every kind, a long string, long bytes, a long list and an encrypted field.
    static func note(_ name: String = "note-1") throws -> Record {
        let asset = try Asset(fileChecksum: "AbCdEf", size: 4096, downloadURL: "https://example.com/a")
        let location = try Location(latitude: 48.8566, longitude: 2.3522, horizontalAccuracy: 5)
        return Record(
            recordType: "Note",
            id: RecordID(recordName: name, zoneID: zone),
            fields: [
                "title": .string("Shopping"),
                "body": .string(String(repeating: "a", count: 2000)),
                "blob": .bytes(Data((0..<1024).map { UInt8($0 % 256) })),
                "small": .bytes(Data([0xde, 0xad, 0xbe, 0xef])),
                "count": .int64(42),
                "ratio": .double(0.5),
                "due": .timestamp(created),
                "tags": try .list((1...7).map { FieldValue.string("tag\($0)") }),
                "folder": .reference(Reference(recordID: RecordID(recordName: "folder-9", zoneID: zone), action: .deleteSelf)),
                "place": .location(location),
                "attachment": .asset(asset),
            ],
            encryptedFields: ["secret": .string("hush")],
            system: SystemFields(
                changeTag: "ct-7", creationDate: created, creatorUserRecordName: "_creator",
                modificationDate: modified, lastModifiedUserRecordName: "_editor", modifiedByDevice: "iPhone"
            )
        )
    }

    /// A record with system fields only, as `encodeSystemFields` keeps them.
    static func systemOnly() -> Record {
        Record(
            recordType: "Note", id: RecordID(recordName: "note-sys", zoneID: zone),
            system: SystemFields(changeTag: "9a", creationDate: created, creatorUserRecordName: "_creator",
                                 modificationDate: modified, lastModifiedUserRecordName: "_editor")
        )
    }

    /// The conformance folder beside the repository, or nil when it is not there.
    static let conformance: String? = {
        let path = URL(fileURLWithPath: RecordGenBinary.repositoryRoot)
            .deletingLastPathComponent().appendingPathComponent("shared/conformance").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    static var canRun: Bool { RecordGenBinary.path != nil }
    static var canRunConformance: Bool { canRun && conformance != nil }
}

extension TemporaryFolder {
    /// Writes `data` at `name` and returns the name.
    @discardableResult
    func write(_ name: String, data: Data) throws -> String {
        try data.write(to: URL(fileURLWithPath: path).appendingPathComponent(name))
        return name
    }
}

/// Runs `recordgen inspect` and reads its JSON output.
enum InspectRun {
    static func run(_ arguments: [String], in folder: String) throws -> RecordGenBinary.Run {
        try RecordGenBinary.run(["inspect"] + arguments, in: folder)
    }

    /// Runs `inspect --json`, requires exit 0 and parses the document.
    static func json(_ file: String, _ extra: [String] = [], in folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONPath {
        let result = try run([file, "--json"] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return JSONPath(value: object)
    }

    /// The first line of `text` that starts with `prefix` after its indentation, with the indentation removed.
    static func line(_ text: String, _ prefix: String) -> String? {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix) }
    }
}

/// Walks a parsed JSON document: `doc["record"]["created"]["date"]["milliseconds"].int`.
struct JSONPath {
    let value: Any?

    subscript(key: String) -> JSONPath { JSONPath(value: (value as? [String: Any])?[key]) }
    subscript(index: Int) -> JSONPath {
        guard let array = value as? [Any], array.indices.contains(index) else { return JSONPath(value: nil) }
        return JSONPath(value: array[index])
    }

    var string: String? { value as? String }
    var int: Int64? { (value as? NSNumber)?.int64Value }
    var bool: Bool? { (value as? NSNumber)?.boolValue }
    var count: Int? { (value as? [Any])?.count }
}

