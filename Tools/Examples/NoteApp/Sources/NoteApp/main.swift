// NoteApp: what an app does with the models the build plugin generates from Notes.records.xml.
// It creates a note, archives it to a file and reads it back, merges two conflicting edits, and meets a note
// written by a newer version of the app. Each step checks its result and the app exits 1 if one is wrong.
import Foundation
import RecordKit

/// Prints a step's outcome; remembers a failure so the app can exit 1 at the end.
struct Steps {
    private(set) var failed = false

    mutating func check(_ ok: Bool, _ success: String, _ failure: String) {
        print(ok ? success : "FAILED: \(failure)")
        if !ok { failed = true }
    }
}

var steps = Steps()
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("NoteApp-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// A note's text lives in an asset file, as CloudKit stores long text.
func textAsset(_ text: String, named name: String) throws -> Asset {
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return Asset(fileURL: file)
}

// 1. Create a note. The record ID is fixed so that the output is the same on every run.
let created = Date(timeIntervalSince1970: 1_700_000_000)
let note = Note(
    recordID: RecordID(recordName: "note-1", zoneID: RecordZoneID(zoneName: "note-zone")),
    text: try textAsset("Buy milk", named: "original.txt"),
    modified: created
)
print("created: \(Note.recordType) '\(note.recordID.recordName)' in zone '\(note.recordID.zoneID.zoneName)', "
    + "schema version \(Note.schemaVersion)")

// 2. Archive it to a file, as an app keeps records for offline use, and read it back.
let archiveFile = folder.appendingPathComponent("note-1.archive")
try note.archived().write(to: archiveFile)
let restored = try Note(archived: Data(contentsOf: archiveFile))
steps.check(
    restored == note,
    "archive: read back equal to the original",
    "the note read back from \(archiveFile.lastPathComponent) differs from the one archived"
)

// 3. Two devices edit the note while offline; the server refuses the second save (serverRecordChanged) and hands
//    back its record, the client's and their common ancestor. The schema merges by last writer wins on `modified`.
var onPhone = note
onPhone.text = try textAsset("Buy oat milk", named: "phone.txt")
onPhone.modified = created.addingTimeInterval(60)
var onLaptop = note
onLaptop.text = try textAsset("Buy milk and eggs", named: "laptop.txt")
onLaptop.modified = created.addingTimeInterval(120)
let merged = Note.merge(ancestor: note, client: onPhone, server: onLaptop)
steps.check(
    merged.text == onLaptop.text && merged.modified == onLaptop.modified,
    "merge: the later edit wins (the laptop's, edited at +120 s over the phone's at +60 s)",
    "the merge kept \(merged.text) instead of the later edit \(onLaptop.text)"
)

// 4. A newer version of the app saved the note with version 2. This schema says onNewerVersion="reject": an old app
//    must not edit a record it cannot fully read, so decoding throws instead of silently dropping fields.
var fromNewerApp = note.record()
fromNewerApp["version"] = .int64(2)
do {
    _ = try Note(record: fromNewerApp)
    steps.check(false, "", "a note written by version 2 was accepted by a version \(Note.schemaVersion) app")
} catch {
    if case .newerVersion(_, _, _, let found, let supported) = error {
        steps.check(
            found == 2 && supported == Note.schemaVersion,
            "newer version: refused (\(error))",
            "newerVersion reported version \(found) and \(supported)"
        )
    } else {
        steps.check(false, "", "a note from a newer app failed with \(error) instead of newerVersion")
    }
}

exit(steps.failed ? 1 : 0)
