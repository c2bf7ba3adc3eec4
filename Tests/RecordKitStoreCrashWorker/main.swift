// The child process of the store's kill -9 tests: saves notes one transaction at a time into the store at the
// given path, and after each commit writes the saved note numbers on stdout, one per line. The parent kills it
// at random moments and checks that every acknowledged save survived.
//
// With `assets`, the store keeps an asset folder beside it, each note's text is a file the worker writes first
// (`<database path>.app/<n>.txt`), and the worker prints `copied` after each chunk it copies into the asset
// folder, so the parent can kill it between an asset's copy and the commit that references it.
//
// With `memory <database path> <file>`, the worker instead saves one note whose text is the given file into a
// store with an asset folder and prints `grown <kB>`: how much its peak resident memory (VmHWM, reset through
// /proc/self/clear_refs) grew during the save. A process of its own, so no other test's memory counts (Linux only).
//
// With `rebuild <database path> <batch size>`, the worker only opens the store (whose projection the parent made
// stale, so the open rebuilds it in batches of that size) and prints `opened`; the parent kills it mid-rebuild.
//
// Usage: RecordKitStoreCrashWorker <database path> <first note number> <count> [assets]
//        RecordKitStoreCrashWorker memory <database path> <file>
//        RecordKitStoreCrashWorker rebuild <database path> <batch size>
import Foundation
import GRDB
import RecordKit
import RecordKitStore

let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "memory" {
    exit(measureAssetCopy(databasePath: arguments[2], file: URL(fileURLWithPath: arguments[3])))
}
if arguments.count == 4 && arguments[1] == "rebuild", let batchSize = Int(arguments[3]) {
    exit(openRebuilding(databasePath: arguments[2], batchSize: batchSize))
}
guard arguments.count == 4 || (arguments.count == 5 && arguments[4] == "assets"),
      let first = Int(arguments[2]), let count = Int(arguments[3]), count > 0
else {
    FileHandle.standardError.write(Data("usage: RecordKitStoreCrashWorker <database path> <first note number> <count> [assets]\n".utf8))
    exit(64)
}
let withAssets = arguments.count == 5

/// The store's clock stays at 1970, before every note's `modified`, so each note is stored exactly as saved
/// and the parent can compare what survived with what it was told.
struct EpochClock: RecordStoreClock {
    func currentDate() -> Date { Date(timeIntervalSince1970: 0) }
}

/// Writes as the system does, then tells the parent a chunk of an asset copy is on disk.
struct AnnouncingWriter: AssetFileWriter {
    func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        let failure = SystemAssetFileWriter().write(bytes, to: descriptor)
        FileHandle.standardOutput.write(Data("copied\n".utf8))
        return failure
    }
}

/// The text of note `n`'s file: a few kilobytes, so the copy is more than one write.
func noteText(_ n: Int) -> String {
    String(repeating: "note \(n)\n", count: 400)
}

do {
    let store: RecordStore
    let appFolder = arguments[1] + ".app"
    try FileManager.default.createDirectory(atPath: appFolder, withIntermediateDirectories: true)
    if withAssets {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        store = try RecordStore(
            database: try DatabasePool(path: arguments[1], configuration: configuration), models: [Note.self], assetFolder: URL(fileURLWithPath: arguments[1] + ".assets"),
            assetWriter: AnnouncingWriter(), clock: EpochClock())
    } else {
        store = try RecordStore(path: arguments[1], models: [Note.self], clock: EpochClock())
    }
    let zone = RecordZoneID(zoneName: "note-zone")
    var number = first
    while number < first + count {
        // One to three notes per transaction, so a kill can land inside a multi-row commit too.
        let size = min(1 + number % 3, first + count - number)
        let notes = try (number..<number + size).map { n in
            // A real file: the store copies it into its asset folder (or refuses the save).
            let file = URL(fileURLWithPath: appFolder + "/\(n).txt")
            try Data(noteText(n).utf8).write(to: file)
            return Note(recordID: RecordID(recordName: "note-\(n)", zoneID: zone), text: Asset(fileURL: file), modified: Date(timeIntervalSince1970: TimeInterval(n)))
        }
        try store.save(contentsOf: notes)
        let ack = (number..<number + size).map { "\($0)\n" }.joined()
        FileHandle.standardOutput.write(Data(ack.utf8))
        number += size
    }
} catch {
    FileHandle.standardError.write(Data("RecordKitStoreCrashWorker: \(error)\n".utf8))
    exit(1)
}

/// The `memory` mode: saves one note whose text is `file` and prints how much the peak resident memory grew.
func measureAssetCopy(databasePath: String, file: URL) -> Int32 {
    do {
        let store = try RecordStore(
            database: try DatabasePool(path: databasePath), models: [Note.self],
            assetFolder: URL(fileURLWithPath: databasePath + ".assets"))
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        let before = try peakResidentKilobytes()
        let id = RecordID(recordName: "big", zoneID: RecordZoneID(zoneName: "note-zone"))
        try store.save(Note(recordID: id, text: Asset(fileURL: file), modified: Date(timeIntervalSince1970: 1_000)))
        let after = try peakResidentKilobytes()
        FileHandle.standardOutput.write(Data("grown \(after - before)\n".utf8))
        return 0
    } catch {
        FileHandle.standardError.write(Data("RecordKitStoreCrashWorker: \(error)\n".utf8))
        return 1
    }
}

/// VmHWM of /proc/self/status, in kB.
func peakResidentKilobytes() throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
    else { throw CocoaError(.fileReadCorruptFile) }
    return value
}

/// The `rebuild` mode: opens the store, which rebuilds its stale projection in batches of `batchSize` records.
func openRebuilding(databasePath: String, batchSize: Int) -> Int32 {
    do {
        _ = try RecordStore(path: databasePath, models: [Note.self], options: RecordStoreOptions(projectionRebuildBatchSize: batchSize))
        FileHandle.standardOutput.write(Data("opened\n".utf8))
        return 0
    } catch {
        FileHandle.standardError.write(Data("RecordKitStoreCrashWorker: \(error)\n".utf8))
        return 1
    }
}
