import Foundation
import RecordKit

/// Web Services bodies of every kind `WebServicesJSON.contents(of:)` recognises.
enum SeedJSON {
    static func all(records: [Record]) -> [(String, String)] {
        var seeds: [(String, String)] = []
        func add(_ name: String, _ data: Data?) {
            if let data { seeds.append((name, String(decoding: data, as: UTF8.self))) }
        }
        let zone = RecordZoneID(zoneName: "note-zone")
        let error = WebServicesServerError(serverErrorCode: .badRequest, reason: "bad", retryAfter: 3, uuid: "u-1")
        let results = records.map(RecordResult.record) + [.deleted(RecordID(recordName: "gone")), .error(error)]
        add("records-response.json", try? WebServicesJSON.encodeRecordsResponse(
            RecordsResponse(results: results, syncToken: ServerChangeToken(data: Data([1])), continuationMarker: "m")))
        add("changes-response.json", try? WebServicesJSON.encodeChangesResponse(ChangesResponse(
            zoneID: zone, records: records, deletedRecordIDs: [RecordID(recordName: "gone", zoneID: zone)],
            syncToken: ServerChangeToken(data: Data([2])), moreComing: true)))
        add("zone-changes.json", try? WebServicesJSON.encodeZoneChangesResponse([ChangesResponse(zoneID: zone, records: records)]))
        add("zones.json", WebServicesJSON.encodeZonesResponse(ZonesResponse(
            zones: [ZoneInfo(zoneID: zone, zoneType: "REGULAR_CUSTOM_ZONE", syncToken: ServerChangeToken(data: Data([3])))],
            syncToken: ServerChangeToken(data: Data([4])), moreComing: false)))
        add("error.json", WebServicesJSON.encodeErrorBody(error))
        add("modify.json", try? WebServicesJSON.encodeModifyRequest(
            operations: records.map { RecordOperation(.update, record: $0) } + [.delete(RecordID(recordName: "x"), changeTag: "t")],
            atomic: true, zoneID: zone))
        seeds += [
            ("empty.json", "{}"),
            ("query.json", #"{"query":{"recordType":"Note","filterBy":[{"fieldName":"n","comparator":"EQUALS","fieldValue":{"value":1,"type":"INT64"}}]},"resultsLimit":5,"zoneID":{"zoneName":"z"}}"#),
            ("batch.json", #"{"batch":[{"records":[]}]}"#),
            ("asset-upload.json", #"{"singleFile":{"fileChecksum":"c","size":3,"receipt":"r","wrappingKey":"k","referenceChecksum":"x"}}"#),
            ("tokens.json", #"{"tokens":[{"recordName":"a","fieldName":"f","url":"https://u"}]}"#),
            ("real-types.json", #"{"recordName":"r","recordType":"T","fields":{"a":{"value":{"fileChecksum":"c","size":1,"downloadURL":"https://d/${f}"},"type":"ASSETID"},"b":{"value":["AQI="],"type":"ENCRYPTED_BYTES"},"c":{"value":[1.5,-0.0],"type":"DOUBLE_LIST"},"d":{"value":"\u00e9\ud83d\ude00","type":"STRING"}},"created":{"timestamp":1,"userRecordName":"_u","deviceID":"d"},"pluginFields":{},"deleted":false}"#),
        ]
        return seeds
    }
}
