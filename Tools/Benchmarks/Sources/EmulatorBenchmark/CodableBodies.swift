import Foundation

// The Web Services bodies of the benchmark as Codable types of exactly their shape, for JSONEncoder and
// JSONDecoder: a records/modify request and a records response of note-shaped records. The field types are
// fixed (a struct member per field), which favours the Codable side against RecordKit's dynamic fields.

struct CodableModifyRequest: Codable {
    var operations: [CodableOperation]
    var zoneID: CodableZoneID?
    var atomic: Bool?
}

struct CodableOperation: Codable {
    var operationType: String
    var record: CodableRecord
}

struct CodableRecordsResponse: Codable {
    var records: [CodableRecord]
    var continuationMarker: String?
    var syncToken: String?
}

struct CodableRecord: Codable {
    var recordName: String
    var recordType: String?
    var recordChangeTag: String?
    var fields: CodableNoteFields?
    var created: CodableStamp?
    var modified: CodableStamp?
    var deleted: Bool?
    var zoneID: CodableZoneID?
}

struct CodableNoteFields: Codable {
    var title: CodableField<String>
    var priority: CodableField<Int64>
    var rating: CodableField<Double>
    var due: CodableField<Int64>
    var tags: CodableField<[String]>
    var thumbnail: CodableField<Data>
    var folder: CodableField<CodableReference>
}

struct CodableField<Value: Codable>: Codable {
    var value: Value
    var type: String?
}

struct CodableReference: Codable {
    var recordName: String
    var action: String?
    var zoneID: CodableZoneID?
}

struct CodableStamp: Codable {
    var timestamp: Int64
    var userRecordName: String?
    var deviceID: String?
}

struct CodableZoneID: Codable {
    var zoneName: String
    var ownerRecordName: String?
    var zoneType: String?
}
