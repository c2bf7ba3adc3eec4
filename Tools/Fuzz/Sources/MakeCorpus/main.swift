import Foundation
import FuzzStoreChecks
import RecordKit
import RecordSchema

// Writes the seed corpus of every fuzz target with RecordKit's own encoders (and a few hand-written schema
// files). Run from the repository root: swift run --package-path Tools/Fuzz MakeCorpus Tools/Fuzz/Corpus

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: MakeCorpus <corpus folder>\n".utf8))
    exit(64)
}
let corpus = URL(fileURLWithPath: arguments[1], isDirectory: true)
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Writes one seed; names are stable so rerunning updates files in place.
func seed(_ target: String, _ name: String, _ data: Data) {
    write(data, to: corpus.appendingPathComponent(target, isDirectory: true), name: name, target: target)
}

/// Writes a regression input that the encoders can make, into `Regressions/` beside the corpus folder.
func seedRegression(_ target: String, _ name: String, _ data: Data) {
    let regressions = corpus.deletingLastPathComponent().appendingPathComponent("Regressions", isDirectory: true)
    write(data, to: regressions.appendingPathComponent(target, isDirectory: true), name: name, target: target)
}

private func write(_ data: Data, to folder: URL, name: String, target: String) {
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: folder.appendingPathComponent(name))
    } catch {
        FileHandle.standardError.write(Data("cannot write \(target)/\(name): \(error)\n".utf8))
        exit(1)
    }
}

let records = SeedRecords.all()

// The native-record regression the fuzzer found (a NaN creation date made a record unequal to itself),
// rewritten in the current format whenever the format changes.
let nanDate = Date(timeIntervalSinceReferenceDate: .nan)
let nanRecord = Record(
    recordType: "Note", id: RecordID(recordName: "nan"),
    system: SystemFields(changeTag: "t", creationDate: nanDate, modificationDate: nanDate))
seedRegression("FuzzNativeRecord", "nan-creation-date", NativeArchive.encode(nanRecord))
for (index, record) in records.enumerated() {
    seed("FuzzNativeRecord", "record-\(index)", NativeArchive.encode(record))
    seed("FuzzKeyedArchive", "system-fields-\(index)", KeyedArchive.encodeSystemFields(of: record))
    if let json = try? WebServicesJSON.encodeRecord(record) {
        seed("FuzzWebServicesJSON", "record-\(index).json", json)
    }
}
seed("FuzzNativeRecordList", "empty", NativeArchive.encode([Record]()))
seed("FuzzNativeRecordList", "one", NativeArchive.encode(Array(records.prefix(1))))
seed("FuzzNativeRecordList", "all", NativeArchive.encode(records))

let tokens = [Data(), Data([0]), Data("a server change token".utf8), Data((0..<200).map { UInt8($0) })]
for (index, bytes) in tokens.enumerated() {
    seed("FuzzNativeToken", "token-\(index)", NativeArchive.encode(ServerChangeToken(data: bytes)))
    seed("FuzzKeyedArchive", "token-\(index)", KeyedArchive.encodeChangeToken(ServerChangeToken(data: bytes)))
}
seed("FuzzNativeSyncState", "empty", NativeArchive.encode(SyncState()))
seed("FuzzNativeSyncState", "zones", NativeArchive.encode(SyncState(
    zoneTokens: [
        RecordZoneID(zoneName: "note-zone"): ServerChangeToken(data: Data([1, 2, 3])),
        RecordZoneID(zoneName: "b", ownerName: "_a8f3"): ServerChangeToken(data: Data()),
    ],
    databaseToken: ServerChangeToken(data: Data("db".utf8)))))

for (name, value) in SeedPropertyLists.all() {
    seed("FuzzBinaryPropertyList", name, BinaryPropertyList.encode(value))
}
seed("FuzzBinaryPropertyList", "keyed-token", KeyedArchive.encodeChangeToken(ServerChangeToken(data: Data([9, 9]))))

for (name, text) in SeedJSON.all(records: records) { seed("FuzzWebServicesJSON", name, Data(text.utf8)) }
for (name, text) in SeedPushes.all { seed("FuzzCloudNotification", name, Data(text.utf8)) }
for (name, data) in StoreRowSeeds.all() { seed("FuzzStoreRow", name, data) }
for (name, record) in SeedModelRecords.all() { seed("FuzzModelArchive", name, NativeArchive.encode(record)) }
for (name, text) in SeedSchemas.ckdb() { seed("FuzzCKDB", name, Data(text.utf8)) }
for (name, text) in SeedSchemas.coreData() { seed("FuzzCoreData", name, Data(text.utf8)) }
for (name, text) in SeedSchemas.recordsXML() { seed("FuzzRecordsXML", name, Data(text.utf8)) }

// Our own shipped schemas, re-written by our writers: every element and attribute the language has.
let shipped = SchemaLoader.load(paths: [repositoryRoot.appendingPathComponent("Schemas").path])
for (index, schema) in shipped.schemas.enumerated() {
    seed("FuzzRecordsXML", "shipped-\(index).records.xml", Data(RecordsXMLWriter.write(schema).utf8))
    seed("FuzzCKDB", "shipped-\(index).ckdb", Data(CKDBWriter.write(schema).utf8))
}
print("wrote the corpus to \(corpus.path)")
