import Foundation
import Testing
@testable import RecordKit

/// The streaming writer and reader on temporary files.
@Suite struct ArchiveStreamingTests {
    /// A fresh file path in the temporary directory, removed by the caller.
    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("recordkit-archive-\(UUID().uuidString).rka")
    }

    static func sampleRecords(_ count: Int, seed: UInt64 = 7) -> [Record] {
        var random = RandomRecords(seed: seed)
        return (0..<count).map { index in
            var record = Record(
                recordType: "Note", id: RecordID(recordName: "note-\(index)", zoneID: random.zoneID()),
                fields: ["index": .int64(Int64(index)), "text": .string(random.string())],
                system: SystemFields(changeTag: "tag\(index)")
            )
            if index % 10 == 0 { record.fields["blob"] = .bytes(random.data()) }
            return record
        }
    }

    static func write(_ records: [Record], to url: URL, finish: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let writer = try NativeArchiveWriter(creating: url)
        for record in records { try writer.append(record) }
        #expect(writer.count == records.count, sourceLocation: sourceLocation)
        if finish { try writer.finish() }
    }

    /// Reads with `nextRecord()`, returning the records read and the error that ended the list, if any.
    static func readAll(_ url: URL, options: NativeArchiveDecodingOptions = .init()) -> ([Record], NativeArchiveError?) {
        let iterator = NativeArchiveReader(contentsOf: url, options: options).makeIterator()
        var records: [Record] = []
        do {
            while let record = try iterator.nextRecord() { records.append(record) }
            return (records, nil)
        } catch {
            return (records, error)
        }
    }

    @Test func thousandRecordsStreamBackOneAtATime() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let records = Self.sampleRecords(1_000)
        try Self.write(records, to: url)

        var read: [Record] = []
        for result in NativeArchiveReader(contentsOf: url) { read.append(try result.get()) }
        #expect(read == records)
        // The streamed file is byte for byte the in-memory list.
        #expect(try Data(contentsOf: url) == NativeArchive.encode(records))
        #expect(try NativeArchive.decodeRecords(Data(contentsOf: url)) == records)
    }

    @Test func corruptFrameInTheMiddleIsReportedWithItsOffset() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let records = Self.sampleRecords(1_000)
        try Self.write(records, to: url)

        // Frame 500 starts where a list of the first 500 records would put its trailer.
        let trailerOf500 = 1 + 2 + 8  // 0x00, varint(500), checksum
        let frameStart = NativeArchive.encode(Array(records[0..<500])).count - trailerOf500
        var bytes = try Data(contentsOf: url)
        bytes[frameStart + 10] ^= 0x20
        try bytes.write(to: url)

        let (read, error) = Self.readAll(url)
        #expect(read == Array(records[0..<500]), "the records before the corrupt frame are delivered")
        let failure = try #require(error)
        #expect(failure.offset == frameStart)
        guard case .checksumMismatch = failure.reason else {
            Issue.record("expected a checksum mismatch, got \(failure)")
            return
        }
        // The same corruption in memory is found at the same offset.
        #expect(throws: failure) { try NativeArchive.decodeRecords(bytes) }
    }

    @Test func unfinishedListDeliversItsRecordsThenReportsTheMissingTrailer() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let records = Self.sampleRecords(20)
        do {
            // The writer goes away without finish(): what it appended must still be on disk.
            try Self.write(records, to: url, finish: false)
        }
        let (read, error) = Self.readAll(url)
        #expect(read == records)
        let size = try Data(contentsOf: url).count
        #expect(error == NativeArchiveError(.missingTrailer, at: size))
    }

    @Test func fileCutInsideAFrameIsAnUnexpectedEnd() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let records = Self.sampleRecords(5)
        try Self.write(records, to: url)
        let bytes = try Data(contentsOf: url)
        try bytes.prefix(bytes.count - 20).write(to: url)
        let (read, error) = Self.readAll(url)
        #expect(read == Array(records.prefix(4)))
        guard case .unexpectedEnd? = error?.reason else {
            Issue.record("expected an unexpected end, got \(String(describing: error))")
            return
        }
    }

    @Test func everyTruncationOfAStreamedFileIsAnError() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = NativeArchive.encode(ArchiveTestVectors.recordList)
        for length in 0..<bytes.count {
            try bytes.prefix(length).write(to: url)
            let (_, error) = Self.readAll(url)
            #expect(error != nil, "a file cut to \(length) bytes must not read as complete")
        }
    }

    @Test func trailingBytesAfterTheTrailerAreAnError() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        var bytes = NativeArchive.encode(ArchiveTestVectors.recordList)
        let end = bytes.count
        bytes.append(contentsOf: [1, 2, 3])
        try bytes.write(to: url)
        let (read, error) = Self.readAll(url)
        #expect(read == ArchiveTestVectors.recordList)
        #expect(error == NativeArchiveError(.trailingBytes(count: 3), at: end))
    }

    @Test func frameOverTheSizeLimitIsRefusedBeforeReading() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let big = Record(recordType: "Blob", id: RecordID(recordName: "b"), fields: ["data": .bytes(Data(count: 100_000))])
        try Self.write([big], to: url)
        let (read, error) = Self.readAll(url, options: NativeArchiveDecodingOptions(maximumSize: 10_000))
        #expect(read.isEmpty)
        guard case .limitExceeded(.size, _, 10_000)? = error?.reason else {
            Issue.record("expected the size limit, got \(String(describing: error))")
            return
        }
        #expect(error?.offset == ArchiveHeader.size)
    }

    @Test func readerRefusesOtherFiles() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("bplist00 is not ours".utf8).write(to: url)
        #expect(Self.readAll(url).1 == NativeArchiveError(.notAnArchive, at: 0))

        try NativeArchive.encode(ArchiveTestVectors.minimalRecord).write(to: url)
        #expect(Self.readAll(url).1 == NativeArchiveError(.wrongKind(expected: .recordList, found: 1), at: 5))

        let missing = Self.temporaryFile()
        guard case .io? = Self.readAll(missing).1?.reason else {
            Issue.record("a missing file must be an I/O error")
            return
        }
    }

    @Test func iterationStopsAfterTheFirstFailure() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data([0x89, 0x52, 0x4B]).write(to: url)
        let results = Array(NativeArchiveReader(contentsOf: url))
        #expect(results.count == 1)
        if case .success? = results.first { Issue.record("a 3-byte file cannot hold a record") }
    }

    @Test func writerOnAFileHandleAndAfterFinish() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        let writer = try NativeArchiveWriter(fileHandle: handle)
        try writer.append(contentsOf: ArchiveTestVectors.recordList)
        try writer.finish()
        #expect(throws: NativeArchiveError.self) { try writer.append(ArchiveTestVectors.minimalRecord) }
        #expect(throws: NativeArchiveError.self) { try writer.finish() }
        try handle.close()
        #expect(try Data(contentsOf: url) == NativeArchive.encode(ArchiveTestVectors.recordList))
    }
}
