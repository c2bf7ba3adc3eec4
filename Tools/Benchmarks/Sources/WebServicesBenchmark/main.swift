// Web Services JSON records: RecordKit's decoder against JSONDecoder with a Codable type of the same shape.
// Run with: swift run -c release --package-path Tools/Benchmarks WebServicesBenchmark
import Foundation
import RecordKit

// MARK: The input: a records response shaped like real CloudKit traffic (value before type, as servers write).

func makeResponse(count: Int) -> Data {
    var text = "{\"records\":["
    for index in 0..<count {
        if index > 0 { text += "," }
        let created = 1_533_040_623_320 + Int64(index) * 1_000
        text += """
        {"recordName":"note-\(index)-6F2C1D9A-44B1-4E8B-9C3A-\(String(format: "%012d", index))","recordType":"Note",\
        "fields":{"title":{"value":"Shopping list number \(index) \\u00e9t\\u00e9","type":"STRING"},\
        "priority":{"value":\(index % 5),"type":"INT64"},\
        "rating":{"value":\(Double(index % 1000) / 8.0 + 0.125),"type":"DOUBLE"},\
        "due":{"value":\(created + 86_400_000),"type":"TIMESTAMP"},\
        "tags":{"value":["home","errands","tag\(index % 17)"],"type":"STRING_LIST"},\
        "thumbnail":{"value":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk","type":"BYTES"},\
        "folder":{"value":{"recordName":"folder-\(index % 20)","action":"DELETE_SELF"},"type":"REFERENCE"}},\
        "pluginFields":{},"recordChangeTag":"\(String(index, radix: 36))",\
        "created":{"timestamp":\(created),"userRecordName":"_ab776cbd7a4be817e6258511022b3e3c","deviceID":"1"},\
        "modified":{"timestamp":\(created + 5_000),"userRecordName":"_ab776cbd7a4be817e6258511022b3e3c","deviceID":"2"},\
        "deleted":false,"zoneID":{"zoneName":"Notes","ownerRecordName":"_ab776cbd7a4be817e6258511022b3e3c","zoneType":"REGULAR_CUSTOM_ZONE"}}
        """
    }
    text += "],\"syncToken\":\"AQAAAAAAAwmVf//////////Kd+LphRdKGbpJMSeRX5Td\"}"
    return Data(text.utf8)
}

// MARK: The same shape as Codable types.

struct CodableResponse: Codable {
    let records: [CodableNote]
    let syncToken: String
}

struct CodableNote: Codable {
    let recordName: String
    let recordType: String
    let fields: NoteFields
    let recordChangeTag: String
    let created: Stamp
    let modified: Stamp
    let deleted: Bool
    let zoneID: ZoneID
}

struct NoteFields: Codable {
    let title: Field<String>
    let priority: Field<Int64>
    let rating: Field<Double>
    let due: Field<Date>
    let tags: Field<[String]>
    let thumbnail: Field<Data>
    let folder: Field<CodableReference>
}

struct Field<Value: Codable>: Codable {
    let value: Value
    let type: String
}

struct CodableReference: Codable {
    let recordName: String
    let action: String
}

struct Stamp: Codable {
    let timestamp: Date
    let userRecordName: String
    let deviceID: String
}

struct ZoneID: Codable {
    let zoneName: String
    let ownerRecordName: String
    let zoneType: String
}

// MARK: Timing

/// The best of `rounds` runs, in seconds.
func best(rounds: Int, _ body: () throws -> Int) rethrows -> (seconds: Double, count: Int) {
    var fastest = Double.infinity
    var count = 0
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        var result = 0
        let elapsed = try clock.measure { result = try body() }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        fastest = min(fastest, seconds)
        count = result
    }
    return (fastest, count)
}

let recordCount = 10_000
let rounds = 7
let data = makeResponse(count: recordCount)
print("WebServicesBenchmark: records response, \(recordCount) note-shaped records, \(data.count / 1024) KiB, best of \(rounds)")

do {
    // Check both decode the same thing before timing.
    let ours = try WebServicesJSON.decodeRecordsResponse(data).records
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .millisecondsSince1970
    let theirs = try decoder.decode(CodableResponse.self, from: data).records
    guard ours.count == recordCount, theirs.count == recordCount,
          ours[42]["title"] == .string(theirs[42].fields.title.value),
          ours[42]["tags"] == .list(.string(theirs[42].fields.tags.value)),
          ours[42]["thumbnail"] == .bytes(theirs[42].fields.thumbnail.value),
          ours[42].system.changeTag == theirs[42].recordChangeTag else {
        print("FAIL: the decoders disagree")
        exit(1)
    }

    let recordKit = try best(rounds: rounds) { try WebServicesJSON.decodeRecordsResponse(data).records.count }
    let codable = try best(rounds: rounds) { try decoder.decode(CodableResponse.self, from: data).records.count }
    let ourRate = Double(recordKit.count) / recordKit.seconds
    let theirRate = Double(codable.count) / codable.seconds
    let ratio = ourRate / theirRate
    func row(_ name: String, _ seconds: Double, _ rate: Double, bytes: Int = data.count) {
        let ms = String(format: "%8.1f ms", seconds * 1000)
        let perSecond = String(format: "%10.0f records/s", rate)
        let throughput = String(format: "%7.1f MB/s", Double(bytes) / seconds / 1e6)
        print("  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(ms) \(perSecond) \(throughput)")
    }
    row("RecordKit WebServicesJSON -> [Record]", recordKit.seconds, ourRate)
    row("JSONDecoder -> Codable struct (same shape)", codable.seconds, theirRate)
    print(String(format: "  ratio (RecordKit / JSONDecoder): %.2fx", ratio))

    // Encoding, for information: the same response back to JSON (both with sorted keys).
    let response = try WebServicesJSON.decodeRecordsResponse(data)
    let codableResponse = try decoder.decode(CodableResponse.self, from: data)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.dateEncodingStrategy = .millisecondsSince1970
    let ourBytes = try WebServicesJSON.encodeRecordsResponse(response).count
    let theirBytes = try encoder.encode(codableResponse).count
    let ourEncoding = try best(rounds: 3) { try WebServicesJSON.encodeRecordsResponse(response).count }
    let theirEncoding = try best(rounds: 3) { try encoder.encode(codableResponse).count }
    print("  encoding the same \(recordCount) records (information only):")
    row("RecordKit encodeRecordsResponse", ourEncoding.seconds, Double(recordCount) / ourEncoding.seconds, bytes: ourBytes)
    row("JSONEncoder (sortedKeys) <- Codable struct", theirEncoding.seconds, Double(recordCount) / theirEncoding.seconds, bytes: theirBytes)
    print(String(format: "  ratio (RecordKit / JSONEncoder): %.2fx", theirEncoding.seconds / ourEncoding.seconds))
    print(ratio >= 1.0 ? "PASS: decoding is at least as fast as JSONDecoder (>= 1.0x)" : "FAIL: slower than JSONDecoder (< 1.0x)")
} catch {
    print("FAIL: \(error)")
    exit(1)
}
