import Foundation
import RecordKit

/// Records of the Showcase schema's types, for `FuzzModelArchive`: what the models write, and what a newer or
/// older app version could have written (unknown fields, a newer version, a retired field).
enum SeedModelRecords {
    static func all() -> [(String, Record)] {
        let note = SeedShowcaseNote.note()
        var newer = note
        newer["version"] = .int64(4)
        newer["addedLater"] = .string("from version 4")
        var older = note
        older["version"] = .int64(1)
        older["color"] = .string("red")
        older.fields.removeValue(forKey: "title")
        let notebook = RecordZoneID(zoneName: "notebook")
        var folder = Record(recordType: "Folder", id: RecordID(recordName: "folder-1", zoneID: notebook))
        folder["version"] = .int64(1)
        folder["name"] = .string("Inbox")
        folder["created"] = .timestamp(Date(timeIntervalSinceReferenceDate: 700_000_000))
        folder["parentFolder"] = .reference(Reference(recordID: RecordID(recordName: "root", zoneID: notebook), action: .deleteSelf))
        var shared = Record(recordType: "SharedNote", id: RecordID(recordName: "shared-1", zoneID: RecordZoneID(zoneName: "shared-notebook", ownerName: "_owner")))
        shared["schemaVersion"] = .int64(1)
        shared["body"] = .string("hello")
        shared["edited"] = .timestamp(Date(timeIntervalSinceReferenceDate: 700_000_100))
        var item = Record(recordType: "GalleryItem", id: RecordID(recordName: "item-1", zoneID: RecordZoneID(zoneName: "gallery")))
        item["caption"] = .string("A view")
        item["image"] = .asset(Asset(fileURL: URL(fileURLWithPath: "/tmp/view.jpg")))
        item["likes"] = .int64(3)
        return [
            ("note", note), ("note-newer-version", newer), ("note-version-1-retired-field", older),
            ("folder", folder), ("shared-note", shared), ("gallery-item", item),
        ]
    }
}
