import Foundation
import Testing
@testable import RecordKit

/// The test vectors of NativeArchiveFormat.md, byte for byte: the encoder must produce them and the decoder
/// must read them back to the same values. Set RECORDKIT_PRINT_VECTORS=1 to print them for the article.
@Suite struct ArchiveVectorTests {
    static func encodedVectors() throws -> [(name: String, bytes: Data)] {
        [
            ("minimal-record", NativeArchive.encode(ArchiveTestVectors.minimalRecord)),
            ("every-kind-record", NativeArchive.encode(try ArchiveTestVectors.everyKindRecord)),
            ("record-list", NativeArchive.encode(ArchiveTestVectors.recordList)),
            ("empty-record-list", NativeArchive.encode([Record]())),
            ("token", NativeArchive.encode(ArchiveTestVectors.token)),
            ("sync-state", NativeArchive.encode(ArchiveTestVectors.syncState)),
        ]
    }

    /// The article holds a vector for each one the encoder makes, and no other (RECORDKIT_PRINT_VECTORS=1 prints
    /// them in the article's form, for a deliberate format change).
    @Test func theArticleHoldsExactlyTheEncodedVectors() throws {
        let vectors = try Self.encodedVectors()
        let text = try String(contentsOf: ArchiveTestVectors.articleURL, encoding: .utf8)
        let named = text.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "Vector `"), let end = line[start.upperBound...].firstIndex(of: "`") else { return nil }
            return String(line[start.upperBound..<end])
        }
        #expect(named == vectors.map(\.name), "the article's vectors, in order")
        guard ProcessInfo.processInfo.environment["RECORDKIT_PRINT_VECTORS"] == "1" else { return }
        for (name, bytes) in vectors {
            print("Vector `\(name)` (\(bytes.count) bytes)\n```\n\(ArchiveTestVectors.formatHex(bytes))\n```\n")
        }
    }

    @Test func encoderProducesTheArticleBytes() throws {
        for (name, bytes) in try Self.encodedVectors() {
            let expected = try ArchiveTestVectors.articleBytes(name)
            #expect(Array(bytes) == expected, "vector \(name): encoder and article disagree")
        }
    }

    @Test func decoderReadsTheArticleBytes() throws {
        let minimal = Data(try ArchiveTestVectors.articleBytes("minimal-record"))
        #expect(try NativeArchive.decodeRecord(minimal) == ArchiveTestVectors.minimalRecord)
        let every = Data(try ArchiveTestVectors.articleBytes("every-kind-record"))
        #expect(try NativeArchive.decodeRecord(every) == (try ArchiveTestVectors.everyKindRecord))
        let list = Data(try ArchiveTestVectors.articleBytes("record-list"))
        #expect(try NativeArchive.decodeRecords(list) == ArchiveTestVectors.recordList)
        let empty = Data(try ArchiveTestVectors.articleBytes("empty-record-list"))
        #expect(try NativeArchive.decodeRecords(empty).isEmpty)
        let token = Data(try ArchiveTestVectors.articleBytes("token"))
        #expect(try NativeArchive.decodeToken(token) == ArchiveTestVectors.token)
        let state = Data(try ArchiveTestVectors.articleBytes("sync-state"))
        #expect(try NativeArchive.decodeSyncState(state) == ArchiveTestVectors.syncState)
    }

    @Test func kindIsReadFromTheHeader() throws {
        #expect(NativeArchive.kind(of: NativeArchive.encode(ArchiveTestVectors.minimalRecord)) == .record)
        #expect(NativeArchive.kind(of: NativeArchive.encode(ArchiveTestVectors.recordList)) == .recordList)
        #expect(NativeArchive.kind(of: NativeArchive.encode(ArchiveTestVectors.token)) == .token)
        #expect(NativeArchive.kind(of: NativeArchive.encode(ArchiveTestVectors.syncState)) == .syncState)
        #expect(NativeArchive.kind(of: Data("bplist00".utf8)) == nil)
        #expect(NativeArchive.kind(of: Data()) == nil)
        #expect(NativeArchive.kind(of: Data([0x89, 0x52, 0x4B, 0x41, 0x03, 0x01])) == nil)
        #expect(NativeArchive.kind(of: Data([0x89, 0x52, 0x4B, 0x41, 0x01, 0x01])) == nil, "version 1 had CRC-32C")
    }

    @Test func theMagicIsRecognisedWhateverFollows() {
        #expect(NativeArchive.hasMagic(NativeArchive.encode(ArchiveTestVectors.minimalRecord)))
        #expect(NativeArchive.hasMagic(Data([0x89, 0x52, 0x4B, 0x41, 0x01, 0x01])), "an old version still has the magic")
        #expect(NativeArchive.hasMagic(Data([0x89, 0x52, 0x4B, 0x41])), "a header cut short still has the magic")
        #expect(!NativeArchive.hasMagic(Data([0x89, 0x52, 0x4B])))
        #expect(!NativeArchive.hasMagic(Data("bplist00".utf8)))
    }
}
