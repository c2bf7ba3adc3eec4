// The child process of the store's kill -9 test: saves notes one transaction at a time into the store at the
// given path, and after each commit writes the saved note numbers on stdout, one per line. The parent kills it
// at random moments and checks that every acknowledged save survived.
//
// Usage: RecordKitStoreCrashWorker <database path> <first note number> <count>
import Foundation
import RecordKit
import RecordKitStore

let arguments = CommandLine.arguments
guard arguments.count == 4, let first = Int(arguments[2]), let count = Int(arguments[3]), count > 0 else {
    FileHandle.standardError.write(Data("usage: RecordKitStoreCrashWorker <database path> <first note number> <count>\n".utf8))
    exit(64)
}

/// The store's clock stays at 1970, before every note's `modified`, so each note is stored exactly as saved
/// and the parent can compare what survived with what it was told.
struct EpochClock: RecordStoreClock {
    func currentDate() -> Date { Date(timeIntervalSince1970: 0) }
}

do {
    let store = try RecordStore(path: arguments[1], models: [Note.self], clock: EpochClock())
    let zone = RecordZoneID(zoneName: "note-zone")
    var number = first
    while number < first + count {
        // One to three notes per transaction, so a kill can land inside a multi-row commit too.
        let size = min(1 + number % 3, first + count - number)
        let notes = (number..<number + size).map { n in
            Note(
                recordID: RecordID(recordName: "note-\(n)", zoneID: zone),
                text: Asset(fileURL: URL(fileURLWithPath: "/notes/\(n).txt")),
                modified: Date(timeIntervalSince1970: TimeInterval(n)))
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
