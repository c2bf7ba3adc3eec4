import Foundation
import RecordKit
import RecordKitCompression
import RecordKitCoreDataMirror
import Testing

/// The 18 ZENCODEDRECORD blobs of the real store, decoded by the block-stream decoders on their own.
@Suite(.enabled(if: MirrorStoreFiles.available, "needs ../shared/conformance/coredata-mirror"))
struct RealRecordBlobTests {
    private func blobs() throws -> [Data] {
        try ScratchStore(copying: MirrorStoreFiles.store).blobs("SELECT ZENCODEDRECORD FROM ANSCKRECORDMETADATA ORDER BY Z_PK")
    }

    @Test func sixteenAreLZVNAndTwoLZFSEBehindAOneBytePrefix() throws {
        let blobs = try blobs()
        #expect(blobs.count == 18)
        #expect(blobs.allSatisfy { $0.first == 0x01 })
        let magics = blobs.map { String(decoding: $0.dropFirst().prefix(4), as: UTF8.self) }
        #expect(magics.filter { $0 == "bvxn" }.count == 16)
        #expect(magics.filter { $0 == "bvx2" }.count == 2)
    }

    @Test func everyBlobDecodesToAKeyedArchiveOfAWholeCKRecord() throws {
        for blob in try blobs() {
            let body = Data(blob.dropFirst())
            let archive = try BlockStream.decode(body)
            #expect(archive.count == (try BlockStream.declaredSize(of: body)))
            #expect(archive.starts(with: Data("bplist00".utf8)))
            guard case .record(let record) = try KeyedArchive.contents(of: archive) else {
                Issue.record("not a whole CKRecord")
                continue
            }
            #expect(record.recordType == "CD_CDProfile")
            #expect(try EncodedRecord.record(of: blob) == record)
        }
    }

    @Test func aBlobWithAnotherPrefixIsRefusedAndAStoredOneIsRead() throws {
        let blob = try #require(try blobs().first)
        #expect(throws: EncodedRecord.Failure.unknownPrefix(0x02)) { try EncodedRecord.record(of: Data([0x02]) + blob.dropFirst()) }
        #expect(throws: EncodedRecord.Failure.empty) { try EncodedRecord.record(of: Data()) }
        let archive = try EncodedRecord.archive(of: blob)
        #expect(try EncodedRecord.record(of: Data([0x00]) + archive) == EncodedRecord.record(of: blob))
    }
}
