import CloudKit
import CloudKitStandInSupport
import Foundation
import RecordKit
import RecordKitCloudKitOnStandIn

/// The check behind `FuzzCKRecordValues`: the bridge reads a `CKRecord` holding any values CloudKit's API lets
/// a caller set (``CKRecordInput``), on the CloudKit stand-in.
///
/// Invariants: `Record(ckRecord:)` returns or throws a `RecordDecodingError` naming the record's type and name
/// and one of its keys; what it read is written back by `ckRecord()` and reads again equal, and survives the
/// native archive; for a `Note`, the Showcase model reads it or throws a `RecordDecodingError` naming the record,
/// and a model that reads survives `ckRecord()` and reads back equal.
public enum CKRecordChecks {
    /// Every CloudKit target by name (the folder names under Corpus/ and Regressions/).
    public static let all: [String: @Sendable (Data) throws(FuzzInvariantFailure) -> FuzzOutcome] = [
        "FuzzCKRecordValues": ckRecordValues,
    ]

    /// Apple's frameworks register their archived class names; the stand-in's support module does it for its own.
    private static let registered: Bool = {
        ArchivedClassNames.register()
        return true
    }()

    public static func ckRecordValues(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        _ = registered
        var input = CKRecordInput(data)
        let ckRecord = input.makeRecord()
        let keys = Set(ckRecord.allKeys() + ckRecord.encryptedValues.allKeys())
        let record: Record
        do {
            record = try Record(ckRecord: ckRecord)
        } catch {
            // A plain record fails only on a value it holds, so the error names one of its keys.
            try requireNames(error, ckRecord, fieldAmong: keys, "Record(ckRecord:)")
            return .rejected(error.description)
        }
        let written = try mustSucceed("writing a record the bridge read back to a CKRecord") { () throws(CloudKitBridgeError) in try record.ckRecord() }
        let again = try mustSucceed("reading a CKRecord the bridge wrote") { () throws(RecordDecodingError) in try Record(ckRecord: written) }
        try require(again == record, "a record changed through ckRecord() and back: \(record) -> \(again)")
        let archived = try mustSucceed("decoding the native archive of a record read from a CKRecord") { () throws(NativeArchiveError) in
            try NativeArchive.decodeRecord(NativeArchive.encode(record))
        }
        try require(archived == record, "a record read from a CKRecord changed in the native archive")
        if record.recordType == Note.recordType { try checkNote(ckRecord) }
        return .decoded
    }

    private static func checkNote(_ ckRecord: CKRecord) throws(FuzzInvariantFailure) {
        let note: Note
        do {
            note = try Note(ckRecord: ckRecord)
        } catch {
            // A model also fails on a field it requires and the record lacks: any field may be named.
            try requireNames(error, ckRecord, fieldAmong: nil, "Note(ckRecord:)")
            return
        }
        let written = try mustSucceed("writing a Note the bridge read back to a CKRecord") { () throws(CloudKitBridgeError) in try note.ckRecord() }
        let again = try mustSucceed("reading a Note's CKRecord the bridge wrote") { () throws(RecordDecodingError) in try Note(ckRecord: written) }
        try require(again == note, "a Note changed through ckRecord() and back: \(note) -> \(again)")
    }

    /// A refusal names the record and, given `keys`, a field among them.
    private static func requireNames(_ error: RecordDecodingError, _ ckRecord: CKRecord, fieldAmong keys: Set<String>?, _ what: String) throws(FuzzInvariantFailure) {
        try require(error.recordType == ckRecord.recordType, "\(what) refused with \(error), which names another record type than \(ckRecord.recordType)")
        try require(error.recordName == ckRecord.recordID.recordName, "\(what) refused with \(error), which names another record than \(ckRecord.recordID.recordName)")
        if let keys {
            try require(error.field.map(keys.contains) == true, "\(what) refused with \(error), which names no field the record holds")
        }
    }
}
