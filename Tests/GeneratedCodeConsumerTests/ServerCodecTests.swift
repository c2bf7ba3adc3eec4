import Foundation
import RecordKit
import Testing

/// Generated models decode from what servers hand over: CloudKit Web Services JSON, through `Record`.
@Suite struct ServerCodecTests {
    /// A Task as the server returns it after version 2 of the app saved it: version 1's model reads what it knows
    /// and keeps the rest.
    static let taskBody = Data("""
    {"recordName":"task-1","recordType":"Task","recordChangeTag":"k1",
     "zoneID":{"zoneName":"tasks","ownerRecordName":"_abc","zoneType":"REGULAR_CUSTOM_ZONE"},
     "created":{"timestamp":1700000000123,"userRecordName":"_abc","deviceID":"D1"},
     "modified":{"timestamp":1700000100456,"userRecordName":"_def","deviceID":"D2"},
     "fields":{
       "title":{"value":"Buy milk","type":"STRING"},
       "done":{"value":1,"type":"INT64"},
       "due":{"value":1700003600789,"type":"TIMESTAMP"},
       "modified":{"value":1700000100456,"type":"TIMESTAMP"},
       "version":{"value":2,"type":"INT64"},
       "notes":{"value":"two litres","type":"STRING"},
       "tags":{"value":["home","food"],"type":"STRING_LIST"}}}
    """.utf8)

    private func milliseconds(_ date: Date?) -> Int64? {
        date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }

    @Test func aModelDecodesFromWebServicesJSON() throws {
        let task = try Task(record: WebServicesJSON.decodeRecord(Self.taskBody))
        #expect(task.title == "Buy milk")
        #expect(task.done)
        #expect(milliseconds(task.due) == 1_700_003_600_789)
        #expect(milliseconds(task.modified) == 1_700_000_100_456)
        #expect(task.color == nil)
        #expect(task.recordID == RecordID(recordName: "task-1", zoneID: RecordZoneID(zoneName: "tasks", ownerName: "_abc")))
        #expect(task.metadata.decodedVersion == 2)
        #expect(task.metadata.system.changeTag == "k1")
        #expect(milliseconds(task.metadata.system.creationDate) == 1_700_000_000_123)
        #expect(task.metadata.system.lastModifiedUserRecordName == "_def")
    }

    @Test func whatVersionOneDoesNotKnowGoesBackToTheServerUntouched() throws {
        var task = try Task(record: WebServicesJSON.decodeRecord(Self.taskBody))
        task.done = false
        let sent = try WebServicesJSON.decodeRecord(WebServicesJSON.encodeRecord(task.record()))
        #expect(sent.fields["notes"] == .string("two litres"))
        #expect(sent.fields["tags"] == .list(.string(["home", "food"])))
        #expect(sent.fields["version"] == .int64(2), "the version written is max(model, record)")
        #expect(sent.fields["done"] == .int64(0))
        #expect(sent.system.changeTag == "k1", "the change tag the server expects on save")
        #expect(try Task(record: sent) == task)
    }

    @Test func aMistypedFieldInJSONNamesTypeRecordAndField() throws {
        let body = Data(String(decoding: Self.taskBody, as: UTF8.self)
            .replacingOccurrences(of: #""title":{"value":"Buy milk","type":"STRING"}"#, with: #""title":{"value":7,"type":"INT64"}"#).utf8)
        let record = try WebServicesJSON.decodeRecord(body)
        #expect {
            try Task(record: record)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("Task") && text.contains("task-1") && text.contains("title")
        }
    }
}
