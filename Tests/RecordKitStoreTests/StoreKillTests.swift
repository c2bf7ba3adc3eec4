import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// kill -9: a child process (RecordKitStoreCrashWorker) saves notes and acknowledges each committed save on a
/// pipe; the test kills it at seeded random moments and, after every kill, checks that each acknowledged save is
/// stored with its pending change and that SQLite's integrity check passes.
///
/// 20 kills by default; `RECORDKIT_STORE_KILLS=500` (Scripts/store-kill-test.sh) runs more, and
/// `RECORDKIT_STORE_KILL_SEED` changes the seed.
@Suite struct StoreKillTests {
    static var kills: Int { ProcessInfo.processInfo.environment["RECORDKIT_STORE_KILLS"].flatMap(Int.init) ?? 20 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["RECORDKIT_STORE_KILL_SEED"].flatMap(UInt64.init) ?? 0x5EED }

    @Test(.enabled(if: CrashWorker.path != nil, "RecordKitStoreCrashWorker was not built beside the tests"))
    func everyAcknowledgedSaveSurvivesKillNine() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("killed.sqlite")
        var random = SplitMix64(seed: Self.seed)
        var acknowledged = Set<Int>()
        var next = 0
        var checked = 0
        for kill in 0..<Self.kills {
            let worker = try CrashWorker(databasePath: path, first: next, count: 1_000_000)
            defer { worker.reap() }
            // Kill after a random number of acknowledgements, plus a random few hundred microseconds, so the kill
            // lands anywhere: between transactions, inside a commit, during the WAL write or a checkpoint.
            let acks = try worker.readAcknowledgements(atLeast: Int(random.next() % 40) + 1)
            usleep(UInt32(random.next() % 400))
            worker.killNine()
            let all = acks + (try worker.readRemainingAcknowledgements())
            #expect(worker.status.map { $0 == SIGKILL } ?? false, "kill \(kill): the worker died of SIGKILL, not of an error: \(worker.errors())")
            acknowledged.formUnion(all)
            next = (acknowledged.max() ?? -1) + 1

            let store = try RecordStore(path: path, models: [Note.self])
            #expect(try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok", "kill \(kill)")
            let stored = try store.fetchAll(Note.self)
            #expect(stored.undecodable.isEmpty)
            let notes = Dictionary(stored.models.map { ($0.recordID.recordName, $0) }, uniquingKeysWith: { first, _ in first })
            let missing = acknowledged.filter { notes["note-\($0)"] == nil }
            #expect(missing.isEmpty, "kill \(kill): acknowledged saves lost: \(missing.sorted().prefix(10))")
            for number in acknowledged where notes["note-\(number)"]?.modified != Date(timeIntervalSince1970: TimeInterval(number)) {
                Issue.record("kill \(kill): note-\(number) stored with the wrong value")
            }
            // Every acknowledged save is still queued to send.
            let pending = try store.database.read { db in
                try Set(String.fetchAll(db, sql: "SELECT recordName FROM recordkit_records WHERE pending = 1"))
            }
            let unqueued = acknowledged.filter { !pending.contains("note-\($0)") }
            #expect(unqueued.isEmpty, "kill \(kill): acknowledged saves without a pending change: \(unqueued.sorted().prefix(10))")
            checked += acknowledged.count
        }
        #expect(acknowledged.count >= Self.kills, "every round acknowledged at least one save")
        print("store kill test: \(Self.kills) kills, \(acknowledged.count) acknowledged saves, \(checked) acknowledged-save checks passed")
    }
}

/// A running RecordKitStoreCrashWorker and the pipe it acknowledges saves on.
final class CrashWorker {
    /// The worker binary, found beside the test bundle as the CLI tests find recordgen.
    static let path: String? = {
        var folders: [URL] = Bundle.allBundles
            .filter { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for folder in folders {
            let candidate = folder.appendingPathComponent("RecordKitStoreCrashWorker").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    private let process = Process()
    private let output = Pipe()
    private let errorOutput = Pipe()
    private var buffer = Data()
    private var reaped = false

    convenience init(databasePath: String, first: Int, count: Int, extraArguments: [String] = []) throws {
        try self.init(arguments: [databasePath, String(first), String(count)] + extraArguments)
    }

    /// A worker started with these arguments (its other modes: `memory`, `rebuild`).
    init(arguments: [String]) throws {
        guard let path = Self.path else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errorOutput
        try process.run()
    }

    /// Reads acknowledgements until at least `count` arrived, or the worker's output ended.
    func readAcknowledgements(atLeast count: Int) throws -> [Int] {
        var acks: [Int] = []
        while acks.count < count {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            acks += take(data)
        }
        return acks
    }

    /// Reads acknowledgements until a line `marker` arrived (or the output ended); returns the acknowledgements.
    func readAcknowledgements(untilLine marker: String) throws -> (acks: [Int], sawMarker: Bool) {
        var acks: [Int] = []
        while true {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return (acks, false) }
            buffer.append(data)
            guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            let lines = buffer[buffer.startIndex...lastNewline].split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
            buffer = Data(buffer[(lastNewline + 1)...])
            acks += lines.compactMap { Int($0) }
            if lines.contains(marker) { return (acks, true) }
        }
    }

    /// Reads what the worker wrote before it died.
    func readRemainingAcknowledgements() throws -> [Int] {
        take(output.fileHandleForReading.readDataToEndOfFile())
    }

    /// Complete lines only: a number cut by the kill was never acknowledged.
    private func take(_ data: Data) -> [Int] {
        buffer.append(data)
        guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let lines = buffer[buffer.startIndex...lastNewline]
        buffer = Data(buffer[(lastNewline + 1)...])
        return lines.split(separator: UInt8(ascii: "\n")).compactMap { Int(String(decoding: $0, as: UTF8.self)) }
    }

    /// Sends SIGKILL.
    func killNine() {
        _ = kill(process.processIdentifier, SIGKILL)
    }

    /// The signal that ended the worker, once it has exited.
    var status: Int32? {
        reap()
        return process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
    }

    func errors() -> String {
        String(decoding: errorOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Kills the worker if it still runs and waits for it, so no process outlives the test.
    func reap() {
        guard !reaped else { return }
        if process.isRunning { killNine() }
        process.waitUntilExit()
        reaped = true
    }
}

/// A small seeded random number generator, so a failing kill schedule can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
