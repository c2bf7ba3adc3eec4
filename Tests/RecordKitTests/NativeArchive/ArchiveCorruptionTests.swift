import Foundation
import Testing
@testable import RecordKit

/// Every single-byte change and every truncation of every test vector gives a typed error or a different
/// valid value, never a crash and never the original value.
@Suite struct ArchiveCorruptionTests {
    /// Decodes `bytes` as the vector's kind; nil when the decoder throws its typed error.
    typealias Decode = (Data) -> AnyHashable?

    static func attempt<T: Hashable>(_ body: () throws(NativeArchiveError) -> T) -> AnyHashable? {
        do { return AnyHashable(try body()) } catch { return nil }
    }

    static func vectors() throws -> [(name: String, bytes: Data, original: AnyHashable, decode: Decode)] {
        let every = try ArchiveTestVectors.everyKindRecord
        let record: Decode = { data in Self.attempt { () throws(NativeArchiveError) in try NativeArchive.decodeRecord(data) } }
        let list: Decode = { data in Self.attempt { () throws(NativeArchiveError) in try NativeArchive.decodeRecords(data) } }
        let token: Decode = { data in Self.attempt { () throws(NativeArchiveError) in try NativeArchive.decodeToken(data) } }
        let state: Decode = { data in Self.attempt { () throws(NativeArchiveError) in try NativeArchive.decodeSyncState(data) } }
        return [
            ("minimal-record", NativeArchive.encode(ArchiveTestVectors.minimalRecord), ArchiveTestVectors.minimalRecord, record),
            ("every-kind-record", NativeArchive.encode(every), every, record),
            ("record-list", NativeArchive.encode(ArchiveTestVectors.recordList), ArchiveTestVectors.recordList, list),
            ("empty-record-list", NativeArchive.encode([Record]()), [Record](), list),
            ("token", NativeArchive.encode(ArchiveTestVectors.token), ArchiveTestVectors.token, token),
            ("sync-state", NativeArchive.encode(ArchiveTestVectors.syncState), ArchiveTestVectors.syncState, state),
        ]
    }

    @Test func everySingleByteChangeIsCaught() throws {
        for vector in try Self.vectors() {
            #expect(vector.decode(vector.bytes) == vector.original, "\(vector.name) must decode intact")
            var undetected = 0
            for position in vector.bytes.indices {
                for mask: UInt8 in [0x01, 0x80, 0xFF, 0x10] {
                    var corrupt = vector.bytes
                    corrupt[position] ^= mask
                    if let value = vector.decode(corrupt) {
                        #expect(value != vector.original, "\(vector.name): byte \(position) ^ \(mask) gave the original")
                        undetected += 1
                    }
                }
            }
            // Fletcher-64 catches every single-byte error; only the unchecked header could change silently, and it
            // cannot.
            #expect(undetected == 0, "\(vector.name): \(undetected) single-byte changes decoded to a value")
        }
    }

    @Test func everyTruncationIsCaught() throws {
        for vector in try Self.vectors() {
            for length in 0..<vector.bytes.count {
                let value = vector.decode(vector.bytes.prefix(length))
                #expect(value == nil || value != vector.original, "\(vector.name) cut to \(length) bytes")
                #expect(value == nil, "\(vector.name) cut to \(length) bytes decoded to a value")
            }
        }
    }

    @Test func appendedBytesAreCaught() throws {
        for vector in try Self.vectors() {
            #expect(vector.decode(vector.bytes + [0]) == nil, "\(vector.name) with a byte appended")
        }
    }

    @Test func corruptionErrorsNameAnOffsetInsideTheArchive() throws {
        let bytes = NativeArchive.encode(try ArchiveTestVectors.everyKindRecord)
        for position in bytes.indices {
            var corrupt = bytes
            corrupt[position] ^= 0x55
            do {
                _ = try NativeArchive.decodeRecord(corrupt)
                Issue.record("byte \(position) changed and still decoded")
            } catch {
                #expect((0...bytes.count).contains(error.offset), "offset \(error.offset) for byte \(position)")
            }
        }
    }
}
