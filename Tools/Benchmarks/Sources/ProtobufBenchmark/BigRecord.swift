import BenchmarkSupport
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
    /// Runs of each pair of cases judged by a goal (``Times/paired(_:against:)``): a paired comparison needs far more
    /// runs than a best time does to be decided within 2% (its interval narrows with the square root of the runs).
    static let pairedColdRuns = 301
    static let pairedWarmRuns = 801

    /// Two cases a goal compares, run back to back in their own loop.
    struct Pair: Hashable {
        let first: Case
        let second: Case
    }

    /// The pairs the goals judge: each codec against its floor, and the model's archive against the record's.
    static let pairs = [
        Pair(first: .encode, second: .encodeFloor), Pair(first: .decode, second: .decodeFloor),
        Pair(first: .encode, second: .modelEncode), Pair(first: .decode, second: .modelDecode),
    ]

    /// The cases' times in seconds: every run of the table's loop, and the runs of each pair, each in the order of
    /// the runs.
    struct Times {
        var runs: [Case: [Double]] = [:]
        var pairedRuns: [Pair: [Case: [Double]]] = [:]

        /// The fastest run of `which` in the table's loop.
        func best(_ which: Case) -> Double { runs[which]?.min() ?? .infinity }

        /// `which` against `other` in the runs of their pair: the ratios of `other`'s time to `which`'s.
        func paired(_ which: Case, against other: Case) -> PairedComparison {
            let runs = pairedRuns[Pair(first: which, second: other)] ?? pairedRuns[Pair(first: other, second: which)]
            return PairedComparison(slow: runs?[other] ?? [], fast: runs?[which] ?? [])
        }

        /// Runs `measure` on each pair `count` times, back to back, alternating which of the two runs first.
        mutating func measurePairs(_ count: Int, _ measure: (Case) throws -> Double) rethrows {
            for pair in BigRecord.pairs {
                for run in 0..<count {
                    for which in run.isMultiple(of: 2) ? [pair.first, pair.second] : [pair.second, pair.first] {
                        pairedRuns[pair, default: [:]][which, default: []].append(try measure(which))
                    }
                }
            }
        }
    }

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
        // Every encode case prepares the same input, the record and the model read from it, and every decode case
        // reads the same file: the pairs of cold runs compare the codecs, so each side of a pair must meet the same
        // heap (where a 1 MiB buffer lands, and whether its pages are fresh, is most of a cold run's time).
        let elapsed: Duration
        switch which {
        case .encode, .encodeFloor, .modelEncode:
            let record = record()
            let model = try Note(record: record)
            guard case let .bytes(data)? = record.fields["attachment"] else { throw BenchmarkError.mismatch("no attachment") }
            elapsed = try withExtendedLifetime((record, model)) {
                switch which {
                case .encode: clock.measure { sink = NativeArchive.encode(record).count }
                case .encodeFloor: clock.measure { sink = copy(data, into: data.count + 200).count }
                default: try clock.measure { sink = try model.archived().count }
                }
            }
        case .decode, .decodeFloor, .modelDecode:
            let archive = try Data(contentsOf: URL(fileURLWithPath: archiveFile))
            elapsed = try withExtendedLifetime(archive) {
                switch which {
                case .decode: try clock.measure { sink = try NativeArchive.decodeRecord(archive).fields.count }
                case .decodeFloor:
                    clock.measure { sink = copy(archive.prefix(attachmentSize), into: attachmentSize).count }
                default: try clock.measure { sink = try Note(archived: archive).attachment.count }
                }
            }
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

    /// Times every case, cold (`coldRuns` fresh processes) and warm (`warmRuns` runs in this one), then each pair of
    /// ``pairs`` on its own (`pairedColdRuns` and `pairedWarmRuns` times).
    static func measure() throws -> (cold: Times, warm: Times) {
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

        // The table's loops rotate the order of the cases by one each run, so each case starts a run as often as any
        // other. The cyclic order stays, so within a run a case follows the same other one, whose freed megabyte it
        // may reuse: good enough for the table's best times, not for goals, whose pairs run back to back in loops of
        // their own. Paired from this loop, the 1 MiB model encode measured 3.6% slower than the record's (median
        // of 201 runs, warm); in a loop of their own, within 0.3% (801 runs).
        let cases = Case.allCases
        var cold = Times()
        for run in 0..<coldRuns {
            for offset in cases.indices {
                let which = cases[(run + offset) % cases.count]
                cold.runs[which, default: []].append(try child(which, archiveFile: file.path))
            }
        }
        try cold.measurePairs(pairedColdRuns) { try child($0, archiveFile: file.path) }

        var warm = Times()
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
        func timeWarm(_ which: Case) throws -> Double {
            guard let body = bodies[which] else { return .infinity }
            return try fastest(1) { sink &+= try body() }.seconds
        }
        for run in 0..<warmRuns {
            for offset in cases.indices {
                let which = cases[(run + offset) % cases.count]
                warm.runs[which, default: []].append(try timeWarm(which))
            }
        }
        try warm.measurePairs(pairedWarmRuns, timeWarm)
        guard sink != 0 else { throw BenchmarkError.nothingDecoded("1 MiB record") }
        return (cold, warm)
    }

    /// Runs one cold case in a fresh process and returns its time.
    private static func child(_ which: Case, archiveFile: String) throws -> Double {
        let child = try ChildProcess.run(ChildProcess.ownExecutable(), ["--cold", which.rawValue, archiveFile])
        guard child.status == 0, let nanoseconds = Double(child.text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchmarkError.mismatch("cold child \(which.rawValue) failed: \(child.text)") }
        return nanoseconds / 1e9
    }
}
