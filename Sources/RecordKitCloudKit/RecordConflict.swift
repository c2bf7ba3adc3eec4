#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

/// A `serverRecordChanged` conflict read into models: the ancestor, the client's record and the server's,
/// resolved by the schema's merge rule onto the server's `CKRecord`.
///
/// ```swift
/// } catch let error as CKError where error.code == .serverRecordChanged {
///     let conflict = try RecordConflict<Note>(error)
///     let toSave = try conflict.resolvedRecord()   // the server's CKRecord, merged fields applied
/// }
/// ```
public struct RecordConflict<Model: RecordModel> {
    /// The record the client's edit started from (`CKRecordChangedErrorAncestorRecordKey`); nil when the
    /// error has none, or when it has no fields (the client saved a new record).
    public let ancestor: Model?
    /// The record the client tried to save (`CKRecordChangedErrorClientRecordKey`).
    public let client: Model
    /// The record on the server (`CKRecordChangedErrorServerRecordKey`).
    public let server: Model
    /// The server's `CKRecord`, whose change tag a save must carry.
    public let serverRecord: CKRecord

    /// Reads the three records of a `CKError` with code `.serverRecordChanged`.
    ///
    /// CloudKit does not download the assets of the server's record in this error (`CKAsset.fileURL` is nil),
    /// so a model with asset fields that the server's record holds cannot be read from it: that throws
    /// ``CloudKitBridgeError/conflictRecord(key:error:)``; fetch the server's record and use
    /// ``init(ancestor:client:server:)``.
    public init(_ error: any Error) throws(CloudKitBridgeError) {
        guard let error = error as? CKError else {
            throw .unexpectedError(expected: "a CKError", found: String(describing: type(of: error)))
        }
        guard error.code == .serverRecordChanged else {
            throw .unexpectedError(expected: "CKError.Code.serverRecordChanged", found: "code \(error.code.rawValue)")
        }
        func record(_ key: String) -> CKRecord? { error.userInfo[key] as? CKRecord }
        guard let client = record(CKRecordChangedErrorClientRecordKey) else {
            throw .missingConflictRecord(key: "CKRecordChangedErrorClientRecordKey")
        }
        guard let server = record(CKRecordChangedErrorServerRecordKey) else {
            throw .missingConflictRecord(key: "CKRecordChangedErrorServerRecordKey")
        }
        try self.init(ancestor: record(CKRecordChangedErrorAncestorRecordKey), client: client, server: server)
    }

    /// Reads three records of a conflict. An ancestor with no fields (what CloudKit sends when the client
    /// saved a new record) counts as no ancestor.
    public init(ancestor: CKRecord?, client: CKRecord, server: CKRecord) throws(CloudKitBridgeError) {
        func model(_ record: CKRecord, _ key: String) throws(CloudKitBridgeError) -> Model {
            do {
                return try Model(ckRecord: record)
            } catch {
                throw .conflictRecord(key: key, error: error)
            }
        }
        if let ancestor, !ancestor.allKeys().isEmpty || !ancestor.encryptedValues.allKeys().isEmpty {
            self.ancestor = try model(ancestor, "CKRecordChangedErrorAncestorRecordKey")
        } else {
            self.ancestor = nil
        }
        self.client = try model(client, "CKRecordChangedErrorClientRecordKey")
        self.server = try model(server, "CKRecordChangedErrorServerRecordKey")
        self.serverRecord = server
    }

    /// The three-way merge of the schema's `<merge>` rule: ``RecordKit/RecordModel/merge(ancestor:client:server:)``.
    public func merged() -> Model {
        Model.merge(ancestor: ancestor, client: client, server: server)
    }

    /// The `CKRecord` to save: a copy of the server's record (its change tag and system fields) with the
    /// merged model's fields applied, so the save is not another conflict.
    public func resolvedRecord() throws(CloudKitBridgeError) -> CKRecord {
        let record = (serverRecord.copy() as? CKRecord) ?? serverRecord
        // Only fields are applied: the system fields stay the server's.
        try merged().record().apply(to: record)
        return record
    }
}
#endif
