// NoteApp: what an app does with the models the build plugin generates from Notes.records.xml.
// It creates a note, archives it to a file and reads it back, files it in a folder and encodes it as JSON and back,
// merges two conflicting edits, and meets a note written by a newer version of the app. Each step checks its result; the app exits 1 if
// one is wrong.
import Foundation
import RecordKit

/// Runs the five steps in a scratch folder; returns false when a step's result is wrong.
func runSteps(in folder: URL) throws -> Bool {
    var allRight = true
    func report(_ ok: Bool, _ success: String, _ failure: @autoclosure () -> String) {
        print(ok ? success : "FAILED: \(failure())")
        allRight = allRight && ok
    }
    /// A note's text lives in an asset file, as CloudKit stores long text.
    func textAsset(_ text: String, named name: String) throws -> Asset {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return Asset(fileURL: file)
    }

    // 1. Create a note. The record ID is fixed so that the output is the same on every run.
    let created = Date(timeIntervalSince1970: 1_700_000_000)
    let note = Note(
        recordID: RecordID(recordName: "note-1", zoneID: Note.zoneID),
        text: try textAsset("Buy milk", named: "original.txt"),
        modified: created
    )
    print("created: \(Note.recordType) '\(note.recordID.recordName)' in zone '\(note.recordID.zoneID.zoneName)', "
        + "schema version \(Note.schemaVersion)")

    // 2. Archive it to a file, as an app keeps records for offline use, and read it back.
    let archiveFile = folder.appendingPathComponent("note-1.archive")
    try note.archived().write(to: archiveFile)
    let restored = try Note(archived: Data(contentsOf: archiveFile))
    report(
        restored == note,
        "archive: read back equal to the original",
        "the note read back from \(archiveFile.lastPathComponent) differs from the one archived"
    )

    // 2b. What Swift and SwiftUI code expects of a model: Identifiable by the record ID (ForEach(notes)), Codable,
    //     enums that list their cases, and a reference typed by its target that takes the schema's action.
    let inbox = Folder(recordID: RecordID(recordName: "inbox", zoneID: Folder.zoneID), name: "Inbox")
    var filed = note
    filed.folder = RecordReference(inbox)
    filed.priority = Priority.allCases.last ?? .low
    let json = try JSONEncoder().encode([filed, note])
    let fromJSON = try JSONDecoder().decode([Note].self, from: json)
    report(
        fromJSON == [filed, note] && fromJSON.map(\.id) == [note.id, note.id],
        "json: decoded equal to the original (\(json.count) bytes)",
        "the notes decoded from JSON differ from the ones encoded"
    )
    report(
        filed.record()["folder"] == .reference(Reference(recordID: inbox.id, action: .deleteSelf)),
        "reference: the note refers to folder '\(inbox.name)' and is deleted with it (action deleteSelf)",
        "the folder reference was written as \(String(describing: filed.record()["folder"]))"
    )

    // 3. Two devices edit the note offline; the server refuses the second save (serverRecordChanged) and hands
    //    back its record, the client's and their common ancestor. The schema merges by last writer wins on
    //    `modified`.
    var onPhone = note
    onPhone.text = try textAsset("Buy oat milk", named: "phone.txt")
    onPhone.modified = created.addingTimeInterval(60)
    var onLaptop = note
    onLaptop.text = try textAsset("Buy milk and eggs", named: "laptop.txt")
    onLaptop.modified = created.addingTimeInterval(120)
    let merged = Note.merge(ancestor: note, client: onPhone, server: onLaptop)
    report(
        merged.text == onLaptop.text && merged.modified == onLaptop.modified,
        "merge: the later edit wins (the laptop's at +120 s over the phone's at +60 s)",
        "the merge kept \(merged.text) instead of the later edit \(onLaptop.text)"
    )

    // 4. A newer version of the app saved the note as version 2. The schema says onNewerVersion="reject": an old
    //    app must not edit a record it cannot fully read, so decoding throws instead of dropping what it missed.
    var fromNewerApp = note.record()
    fromNewerApp["version"] = .int64(2)
    do {
        _ = try Note(record: fromNewerApp)
        report(false, "", "a note written by version 2 was accepted by a version \(Note.schemaVersion) app")
    } catch {
        if case .newerVersion(_, _, _, let found, let supported) = error {
            report(
                found == 2 && supported == Note.schemaVersion,
                "newer version: refused (\(error))",
                "newerVersion reported version \(found) and \(supported)"
            )
        } else {
            report(false, "", "a note from a newer app failed with \(error) instead of newerVersion")
        }
    }
    return allRight
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("NoteApp-\(UUID().uuidString)")
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let allRight = try runSteps(in: folder)
    try? FileManager.default.removeItem(at: folder)
    exit(allRight ? 0 : 1)
} catch {
    try? FileManager.default.removeItem(at: folder)
    print("error: \(error)")
    exit(1)
}
