import Foundation
@testable import RecordKit

/// The values behind the test vectors printed in NativeArchiveFormat.md, and the way to read them from there.
enum ArchiveTestVectors {
    static let noteZone = RecordZoneID(zoneName: "notes", ownerName: "_a1b2")

    static var minimalRecord: Record {
        Record(recordType: "Note", id: RecordID(recordName: "n1"))
    }

    static var everyKindRecord: Record {
        get throws {
            let folder = Reference(recordID: RecordID(recordName: "f1", zoneID: noteZone), action: .deleteSelf)
            let asset = try Asset(fileChecksum: "ck", size: 5, downloadURL: "https://d/1")
            let place = try Location(latitude: 48.5, longitude: -2.25, altitude: 10, timestamp: Date(timeIntervalSinceReferenceDate: 1))
            return Record(
                recordType: "Note",
                id: RecordID(recordName: "n2", zoneID: noteZone),
                fields: [
                    "title": .string("Café ☕"),
                    "count": .int64(-2),
                    "ratio": .double(0.5),
                    "modified": .timestamp(Date(timeIntervalSinceReferenceDate: 0)),
                    "blob": .bytes(Data([0xDE, 0xAD])),
                    "file": .asset(asset),
                    "folder": .reference(folder),
                    "place": .location(place),
                    "tags": .list(.string(["a", "b"])),
                    "scores": .list(.int64([1, 300])),
                ],
                encryptedFields: ["secret": .string("s")],
                system: SystemFields(
                    changeTag: "t1",
                    creationDate: Date(timeIntervalSinceReferenceDate: -1),
                    creatorUserRecordName: "_u1",
                    modificationDate: Date(timeIntervalSinceReferenceDate: 2),
                    lastModifiedUserRecordName: "_u2",
                    modifiedByDevice: "d",
                    parent: Reference(recordID: RecordID(recordName: "p")),
                    share: Reference(recordID: RecordID(recordName: "s", zoneID: noteZone), action: .validate)
                )
            )
        }
    }

    static var recordList: [Record] {
        [
            Record(recordType: "Note", id: RecordID(recordName: "a"), fields: ["n": .int64(1)]),
            Record(recordType: "Note", id: RecordID(recordName: "b"), system: SystemFields(changeTag: "x")),
        ]
    }

    static let token = ServerChangeToken(data: Data([0x01, 0x02, 0x03, 0xFF]))

    static let syncState = SyncState(
        zoneTokens: [
            noteZone: ServerChangeToken(data: Data([0xAA])),
            .default: ServerChangeToken(data: Data([0xBB, 0xCC])),
        ],
        databaseToken: ServerChangeToken(data: Data([0x07]))
    )

    // MARK: The article

    /// The repository root: the folder holding Package.swift, found from this file's path.
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }()

    static let articleURL = repositoryRoot.appendingPathComponent("Sources/RecordKit/RecordKit.docc/NativeArchiveFormat.md")

    /// The hex of the vector named `name` in the article: the code block after the line "Vector `name`".
    static func articleBytes(_ name: String) throws -> [UInt8] {
        let text = try String(contentsOf: articleURL, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(where: { $0.contains("Vector `\(name)`") }) else {
            throw VectorError.missing(name)
        }
        guard let open = lines[heading...].firstIndex(where: { $0.hasPrefix("```") }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
        else { throw VectorError.missing(name) }
        let hex = lines[(open + 1)..<close].joined().filter { !$0.isWhitespace }
        return try parseHex(hex)
    }

    static func parseHex(_ hex: String) throws -> [UInt8] {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { throw VectorError.badHex }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                throw VectorError.badHex
            }
            bytes.append(byte)
        }
        return bytes
    }

    /// Hex as the article prints it: 16 bytes a line, bytes separated by spaces.
    static func formatHex(_ bytes: some Collection<UInt8>) -> String {
        let all = Array(bytes)
        return stride(from: 0, to: all.count, by: 16).map { start in
            all[start..<min(start + 16, all.count)].map { byte in
                let text = String(byte, radix: 16)
                return text.count == 1 ? "0" + text : text
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    enum VectorError: Error {
        case missing(String)
        case badHex
    }
}
