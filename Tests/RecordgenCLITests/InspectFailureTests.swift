import Foundation
import RecordKit
import Testing

/// Files `recordgen inspect` cannot show: a clear message on stderr and exit 1, never a crash; usage errors 64.
@Suite struct InspectFailureTests {
    private func expectFailure(
        _ name: String, _ data: Data, mentioning expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = try TemporaryFolder()
        try folder.write(name, data: data)
        for arguments in [[name], [name, "--json"]] {
            let run = try InspectRun.run(arguments, in: folder.path)
            #expect(run.status == 1, "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
            #expect(run.stderr.hasPrefix("\(name): "), "\(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stderr.contains(expected), "\(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func garbageNamesTheFormatsAndTheFirstBytes() throws {
        let garbage = Data([0x3f, 0x2a, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08])
        try expectFailure(
            "blob.bin", garbage,
            mentioning: "not a RecordKit archive, an NSKeyedArchiver archive, a CloudKit Web Services JSON body, a CloudKit push payload or a Core Data mirror store (first bytes: 3f 2a 00 01 02 03 04 05 …)"
        )
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func emptyFile() throws {
        try expectFailure("empty", Data(), mentioning: "(first bytes: none, the file is empty)")
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func truncatedNativeRecordGivesTheCodecErrorWithItsOffset() throws {
        let archive = NativeArchive.encode(try InspectFixtures.note())
        try expectFailure("cut.bin", archive.prefix(archive.count - 7), mentioning: "native archive, byte ")
        try expectFailure("header.bin", archive.prefix(5), mentioning: "native archive, byte ")
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func corruptNativeRecordFailsItsChecksum() throws {
        var archive = NativeArchive.encode(try InspectFixtures.note())
        archive[20] ^= 0xff
        try expectFailure("corrupt.bin", archive, mentioning: "checksum mismatch")
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func truncatedRecordListIsReportedNotCrashed() throws {
        let archive = NativeArchive.encode(try (1...3).map { try InspectFixtures.note("n\($0)") })
        try expectFailure("list.bin", archive.prefix(archive.count - 3), mentioning: "native archive, byte ")
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func unsupportedNativeVersion() throws {
        try expectFailure("v9.bin", Data([0x89, 0x52, 0x4b, 0x41, 0x09, 0x01, 0x00]), mentioning: "format version 9")
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func truncatedKeyedArchive() throws {
        let archive = KeyedArchive.encodeSystemFields(of: InspectFixtures.systemOnly())
        try expectFailure("fields.plist", archive.prefix(archive.count / 2), mentioning: "keyed archive")
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func truncatedJSONNamesLineColumnAndPath() throws {
        let body = try WebServicesJSON.encodeRecord(InspectFixtures.systemOnly())
        try expectFailure("record.json", body.prefix(body.count - 4), mentioning: "CloudKit Web Services JSON, 1:")
        try expectFailure("other.json", Data(#"{"hello": 1}"#.utf8), mentioning: "top-level keys: hello")
    }

    /// Cut at many lengths, each format fails the same way: exit 1, one line, the file's name first.
    @Test(.enabled(if: InspectFixtures.canRun))
    func everyTruncationFailsCleanly() throws {
        let note = try InspectFixtures.note()
        var bodyNote = note
        bodyNote.encryptedFields = [:]
        let samples: [(String, Data)] = [
            ("native.bin", NativeArchive.encode(note)),
            ("list.bin", NativeArchive.encode([note, note])),
            ("keyed.plist", KeyedArchive.encodeSystemFields(of: note)),
            ("body.json", try WebServicesJSON.encodeRecord(bodyNote)),
        ]
        let folder = try TemporaryFolder()
        for (name, data) in samples {
            for length in stride(from: 1, to: data.count, by: max(1, data.count / 12)) {
                try folder.write(name, data: data.prefix(length))
                let run = try InspectRun.run([name], in: folder.path)
                #expect(run.status == 1, "\(name) cut at \(length): \(run.stderr)")
                #expect(run.stderr.hasPrefix("\(name): "), "\(name) cut at \(length): \(run.stderr)")
                #expect(run.stderr.split(separator: "\n").count == 1, "\(name) cut at \(length): \(run.stderr)")
            }
        }
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func missingFileAndFolder() throws {
        let folder = try TemporaryFolder()
        let missing = try InspectRun.run(["nope.bin"], in: folder.path)
        #expect(missing.status == 1)
        #expect(missing.stderr == "nope.bin: no such file\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/dir", withIntermediateDirectories: false)
        let directory = try InspectRun.run(["dir"], in: folder.path)
        #expect(directory.status == 1)
        #expect(directory.stderr == "dir: is a folder, not a file\n")
    }

    @Test(.enabled(if: InspectFixtures.canRun))
    func usageErrorsExit64() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.bin", data: NativeArchive.encode(ServerChangeToken(data: Data([1]))))
        let negative = try InspectRun.run(["t.bin", "--limit", "-1"], in: folder.path)
        #expect(negative.status == 64, "\(negative.stderr)")
        #expect(negative.stderr.contains("--limit"))
        let noFile = try InspectRun.run([], in: folder.path)
        #expect(noFile.status == 64, "\(noFile.stderr)")
    }
}
