import Foundation
import RecordKit

/// The notes the benchmark syncs, the same in every mode: note `index` is `note-000042`-style, edited `index` seconds
/// after a fixed date, and names the one small text file of the device's folder.
enum SyncNotes {
    static let zone = RecordZoneID(zoneName: "note-zone")
    private static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Writes the text file every note names into `folder` (a store takes a record's asset file in, so the file must
    /// exist; the same contents are one file in the store's folder).
    static func writeTextFile(in folder: String) throws -> URL {
        let url = URL(fileURLWithPath: folder + "/note.txt")
        try Data("a note".utf8).write(to: url)
        return url
    }

    /// The record of note `index`, as the app's device writes it.
    static func record(_ index: Int, textFile: URL) -> Record {
        Note(
            recordID: RecordID(recordName: String(format: "note-%06d", index), zoneID: zone),
            text: Asset(fileURL: textFile),
            modified: start.addingTimeInterval(Double(index))
        ).record()
    }
}
