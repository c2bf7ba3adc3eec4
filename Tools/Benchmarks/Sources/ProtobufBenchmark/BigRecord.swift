import Foundation
import RecordKit

/// One 1 MiB record (a note whose attachment is 1 MiB) archived and read back, "cold" in a fresh process that has
/// not yet made a big allocation, and "warm" after many, each against the floor of allocating the output and
/// copying the megabyte into it.
///
/// Cold cases run in child processes: the benchmark re-executes itself with `--cold <case> <archive file>`, the
/// child prepares its input (kept alive, so the allocator's state is that of a process that never freed a big
/// buffer), encodes and decodes one small note, as a record and as a model (so the first use of the code and its
/// type metadata is not counted: cold means a process that has not handled a big record yet), times the one
/// operation on its thread's CPU clock and prints the nanoseconds.
enum BigRecord {
    static let attachmentSize = 1 << 20
    /// Fresh processes per cold case; a child's time varies with where the kernel maps its pages, so the best of
    /// many is the stable figure.
    static let coldRuns = 15
    static let warmRuns = 50

    enum Case: String, CaseIterable {
        case encode, encodeFloor = "encode-floor", decode, decodeFloor = "decode-floor"
        /// The generated `Note` model's direct archive of the same record, both ways.
        case modelEncode = "model-encode", modelDecode = "model-decode"
    }

    static func record() -> Record {
        var bytes = [UInt8](repeating: 0, count: attachmentSize)
        var rng = SeededGenerator(seed: 0xB16)
        for index in stride(from: 0, to: bytes.count, by: 8) {
            withUnsafeBytes(of: rng.next()) { word in
                for offset in 0..<8 { bytes[index + offset] = word[offset] }
            }
        }
        var record = NoteValues.make(count: 1, seed: 7)[0].record
        record.fields["attachment"] = .bytes(Data(bytes))
        return record
    }

    /// The child's side: prepares the input of `name`, times it once, prints the nanoseconds.
    static func runChild(_ name: String, archiveFile: String) throws {
        guard let which = Case(rawValue: name) else { throw BenchmarkError.mismatch("unknown case \(name)") }
        let clock = ThreadCPUClock()
        // Both paths warmed, the record's and the model's: a model case must not pay for its code's first use
        // while the record cases do not.
        let small = NoteValues.make(count: 1, seed: 3)[0].record
        var sink = try NativeArchive.decodeRecord(NativeArchive.encode(small)).fields.count
        sink &+= try Note(archived: Note(record: small).archived()).tags.count
        let elapsed: Duration
        switch which {
        case .encode:
            let record = record()
            elapsed = clock.measure { sink = NativeArchive.encode(record).count }
        case .encodeFloor:
            let record = record()
            guard case let .bytes(data)? = record.fields["attachment"] else { throw BenchmarkError.mismatch("no attachment") }
            let size = data.count + 200
            elapsed = clock.measure { sink = copy(data, into: size).count }
        case .decode:
            let archive = try Data(contentsOf: URL(fileURLWithPath: archiveFile))
            elapsed = try clock.measure { sink = try NativeArchive.decodeRecord(archive).fields.count }
        case .decodeFloor:
            let archive = try Data(contentsOf: URL(fileURLWithPath: archiveFile))
            elapsed = clock.measure { sink = copy(archive.prefix(attachmentSize), into: attachmentSize).count }
        case .modelEncode:
            let model = try Note(record: record())
            elapsed = try clock.measure { sink = try model.archived().count }
        case .modelDecode:
            let archive = try Data(contentsOf: URL(fileURLWithPath: archiveFile))
            elapsed = try clock.measure { sink = try Note(archived: archive).attachment.count }
        }
        guard sink != 0 else { throw BenchmarkError.nothingDecoded(name) }
        print(elapsed.components.attoseconds / 1_000_000_000 + elapsed.components.seconds * 1_000_000_000)
    }

    /// Runs one case warm `repeats` times, for profilers.
    static func profile(_ name: String, repeats: Int) throws {
        guard let which = Case(rawValue: name) else { throw BenchmarkError.mismatch("unknown case \(name)") }
        let record = record()
        let archive = NativeArchive.encode(record)
        let model = try Note(record: record)
        guard case let .bytes(attachment)? = record.fields["attachment"] else { throw BenchmarkError.mismatch("no attachment") }
        var sink = 0
        let time = try fastest(repeats) {
            switch which {
            case .encode: sink &+= NativeArchive.encode(record).count
            case .encodeFloor: sink &+= copy(attachment, into: archive.count).count
            case .decode: sink &+= try NativeArchive.decodeRecord(archive).fields.count
            case .decodeFloor: sink &+= copy(archive.prefix(attachmentSize), into: attachmentSize).count
            case .modelEncode: sink &+= try model.archived().count
            case .modelDecode: sink &+= try Note(archived: archive).attachment.count
            }
        }
        print("\(name): best \(format(time.seconds * 1e6, decimals: 1)) µs (\(sink))")
    }

    /// The floor: a buffer of `size` bytes allocated, uninitialised (`Data(count:)` would zero-fill it first, about
    /// doubling the floor), and the bytes copied into it once.
    @inline(never)
    static func copy(_ bytes: Data, into size: Int) -> Data {
        var output = Data(capacity: size)
        bytes.withUnsafeBytes { source in output.append(source.bindMemory(to: UInt8.self)) }
        return output
    }

    /// Times every case, cold (best of `coldRuns` fresh processes) and warm (best of `warmRuns` in this one).
    static func measure() throws -> (cold: [Case: Double], warm: [Case: Double]) {
        let record = record()
        let archive = NativeArchive.encode(record)
        guard try NativeArchive.decodeRecord(archive) == record else { throw BenchmarkError.mismatch("1 MiB record") }
        let model = try Note(record: record)
        guard try model.archived() == archive, try Note(archived: archive) == model else {
            throw BenchmarkError.mismatch("1 MiB model archive")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ProtobufBenchmark-\(getpid()).rka")
        try archive.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        // Both loops rotate the order of the cases by one each run (as the small-record rounds do), so no case
        // always runs right after the same other one, meeting the allocator as that one left it.
        let cases = Case.allCases
        var cold: [Case: Double] = [:]
        for run in 0..<coldRuns {
            for offset in cases.indices {
                let which = cases[(run + offset) % cases.count]
                let seconds = try child(which, archiveFile: file.path)
                cold[which] = min(cold[which] ?? .infinity, seconds)
            }
        }

        var warm: [Case: Double] = [:]
        guard case let .bytes(attachment)? = record.fields["attachment"] else { throw BenchmarkError.mismatch("no attachment") }
        let bodies: [Case: () throws -> Int] = [
            .encode: { NativeArchive.encode(record).count },
            .encodeFloor: { copy(attachment, into: archive.count).count },
            .decode: { try NativeArchive.decodeRecord(archive).fields.count },
            .decodeFloor: { copy(archive.prefix(attachmentSize), into: attachmentSize).count },
            .modelEncode: { try model.archived().count },
            .modelDecode: { try Note(archived: archive).attachment.count },
        ]
        var sink = 0
        for run in 0..<warmRuns {
            for offset in cases.indices {
                let which = cases[(run + offset) % cases.count]
                guard let body = bodies[which] else { continue }
                warm[which] = min(warm[which] ?? .infinity, try fastest(1) { sink &+= try body() }.seconds)
            }
        }
        guard sink != 0 else { throw BenchmarkError.nothingDecoded("1 MiB record") }
        return (cold, warm)
    }

    private static func child(_ which: Case, archiveFile: String) throws -> Double {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--cold", which.rawValue, archiveFile]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let nanoseconds = Double(text) else {
            throw BenchmarkError.mismatch("cold child \(which.rawValue) failed: \(text)")
        }
        return nanoseconds / 1e9
    }
}
