import Foundation
import Testing
@testable import RecordKit

/// A native archive whose record lists one key in both its plain and its encrypted field maps is refused with
/// `.fieldInBothStores`, by every reader of records.
@Suite struct ArchiveFieldInBothStoresTests {
    /// A record archive with `a` plain and `b` encrypted, then the encrypted key rewritten to `a` and the
    /// checksum recomputed: the bytes our encoder would write for a record holding `a` in both stores.
    static func archiveWithKeyInBothStores() throws -> (data: Data, encryptedKeyOffset: Int) {
        let record = Record(recordType: "T", id: RecordID(recordName: "r"),
                            fields: ["a": .int64(1)], encryptedFields: ["b": .bytes(Data([7]))])
        var bytes = [UInt8](NativeArchive.encode(record))
        // The encrypted key is the last `01 'b'` (length 1, then the byte), followed by the bytes tag.
        let pattern: [UInt8] = [1, UInt8(ascii: "b"), ValueTag.bytes]
        let position = try #require((0...(bytes.count - pattern.count)).last { Array(bytes[$0..<($0 + pattern.count)]) == pattern })
        bytes[position + 1] = UInt8(ascii: "a")
        return (NativeChecksums.sealSingleValue(Data(bytes)), position)
    }

    @Test func decodeRecordRefusesAKeyInBothStores() throws {
        let (data, keyOffset) = try Self.archiveWithKeyInBothStores()
        do {
            let record = try NativeArchive.decodeRecord(data)
            Issue.record("decoded \(record)")
        } catch {
            #expect(error.reason == .fieldInBothStores(key: "a"))
            // The offset is the encrypted map's count, just before its first key.
            #expect(error.offset == keyOffset - 1, "\(error)")
            #expect(error.description.contains("\"a\""))
        }
    }

    @Test func recordListReadersRefuseAKeyInBothStores() throws {
        let plain = Record(recordType: "T", id: RecordID(recordName: "r"), fields: ["a": .int64(1)], encryptedFields: ["b": .bytes(Data([7]))])
        var bytes = [UInt8](NativeArchive.encode([plain]))
        let pattern: [UInt8] = [1, UInt8(ascii: "b"), ValueTag.bytes]
        let position = try #require((0...(bytes.count - pattern.count)).last { Array(bytes[$0..<($0 + pattern.count)]) == pattern })
        bytes[position + 1] = UInt8(ascii: "a")
        let data = NativeChecksums.sealRecordList(Data(bytes))
        #expect(throws: NativeArchiveError.self) { try NativeArchive.decodeRecords(data) }
        do {
            _ = try NativeArchive.decodeRecords(data)
        } catch {
            #expect(error.reason == .fieldInBothStores(key: "a"), "\(error)")
        }
    }

    @Test func theUnpatchedArchiveDecodes() throws {
        let record = Record(recordType: "T", id: RecordID(recordName: "r"), fields: ["a": .int64(1)], encryptedFields: ["b": .bytes(Data([7]))])
        #expect(try NativeArchive.decodeRecord(NativeArchive.encode(record)) == record)
    }
}
