import Foundation
import RecordKit
import RecordKitTesting

/// The `Note` model's fixtures (the model of `Schemas/Notes.records.xml`), for the store and sync tests: this file
/// is linked into RecordKitSyncTests. The zone, IDs, texts and records are in NoteFixtures.swift.
extension Fixtures {
    /// Note `name` in the note zone, its text a file holding `text` (the name unless given), edited at `modified`
    /// seconds after 1970.
    static func note(_ name: String, text: String? = nil, modified: TimeInterval = 1_000, zone: RecordZoneID = Fixtures.zone) -> Note {
        Note(recordID: id(name, zone: zone), text: Self.text(text ?? name), modified: Date(timeIntervalSince1970: modified))
    }

    /// Note `name` in the note zone whose text is the file at `file` (the asset tests' own files).
    static func note(_ name: String, file: URL, modified: TimeInterval = 1_000) -> Note {
        Note(recordID: id(name), text: Asset(fileURL: file), modified: Date(timeIntervalSince1970: modified))
    }

    /// The record a server returns for `note`: the same fields with a change tag.
    static func serverRecord(_ note: Note, tag: String) -> RecordKit.Record {
        var record = note.record()
        record.system.changeTag = tag
        return record
    }

    /// `note` with its text compared by contents (``byContents(_:)-(Asset)``).
    static func byContents(_ note: Note) -> Note {
        var named = note
        named.text = byContents(note.text)
        return named
    }

    /// Notes compared by contents.
    static func byContents(_ notes: [Note]) -> [Note] { notes.map(byContents) }

    /// `note` as the store returns it, compared by contents; nil when there is none.
    static func byContents(_ note: Note?) -> Note? { note.map(byContents) }
}

extension Note {
    /// The contents of the note's text file (``Fixtures/textOf(_:)-(Asset?)``), empty when it cannot be read.
    var textName: String { Fixtures.textOf(text) ?? "" }
}
