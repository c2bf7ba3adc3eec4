import Foundation

extension Recordkit_Benchmark_Note {
    /// The note as the protobuf message of the same shape.
    init(_ note: NoteValues) {
        var zone = Recordkit_Benchmark_ZoneID()
        zone.zoneName = note.zoneName
        zone.ownerName = note.ownerName
        var id = Recordkit_Benchmark_RecordID()
        id.recordName = note.recordName
        id.zoneID = zone
        var folderID = Recordkit_Benchmark_RecordID()
        folderID.recordName = note.folderName
        folderID.zoneID = zone
        var folder = Recordkit_Benchmark_Reference()
        folder.recordID = folderID
        folder.action = .deleteSelf
        self.init()
        recordType = "Note"
        recordID = id
        changeTag = note.changeTag
        creationDate = note.created.timeIntervalSinceReferenceDate
        creatorUserRecordName = note.ownerName
        modificationDate = note.modified.timeIntervalSinceReferenceDate
        lastModifiedUserRecordName = note.ownerName
        text = note.text
        count = note.count
        tags = note.tags
        ratio = note.ratio
        attachment = note.attachment
        self.folder = folder
    }
}
