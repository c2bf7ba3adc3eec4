#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

/// A `serverRecordChanged` conflict read into models: the ancestor, the client's record and the server's,
/// resolved by the schema's merge rule onto the server's `CKRecord`.
///
/// ```swift
/// do {
///     try await database.save(note.ckRecord())
/// } catch let error as CKError where error.code == .serverRecordChanged {
///     let conflict = try RecordConflict<Note>(error)
///     try await database.save(conflict.resolvedRecord())   // the server's CKRecord, merged fields applied
/// }
/// ```
///
/// CloudKit does not download the assets of the server's record in this error: their `CKAsset.fileURL` is
/// nil, and nothing says whether the server changed them. Such a field is read as unchanged since the ancestor
/// (the ancestor's value, or the client's when there is no ancestor), so a client's new asset wins and a
/// field the merge leaves to the server keeps the server's `CKAsset` untouched.
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
    /// The server's record as read, the base the merged fields are compared with.
    private let serverFields: Record

    /// Reads the three records of a `CKError` with code `.serverRecordChanged`.
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
        let ancestorKey = "CKRecordChangedErrorAncestorRecordKey"
        let clientKey = "CKRecordChangedErrorClientRecordKey"
        let serverKey = "CKRecordChangedErrorServerRecordKey"
        func read(_ key: String, _ body: () throws(RecordDecodingError) -> Model) throws(CloudKitBridgeError) -> Model {
            do {
                return try body()
            } catch {
                throw .conflictRecord(key: key, error: error)
            }
        }
        func record(_ ckRecord: CKRecord, _ key: String) throws(CloudKitBridgeError) -> Record {
            do {
                return try Record(ckRecord: ckRecord)
            } catch {
                throw .conflictRecord(key: key, error: error)
            }
        }
        var ancestorRecord: Record?
        if let ancestor, !ancestor.allKeys().isEmpty || !ancestor.encryptedValues.allKeys().isEmpty {
            ancestorRecord = try record(ancestor, ancestorKey)
        }
        let clientRecord = try record(client, clientKey)
        var serverRecord: Record
        let omitted: Set<String>
        do {
            (serverRecord, omitted) = try Record.decoding(server, omittingAssetsWithoutFile: true)
        } catch {
            throw .conflictRecord(key: serverKey, error: error)
        }
        for key in omitted {
            serverRecord[key] = ancestorRecord.map { $0[key] } ?? clientRecord[key]
        }
        self.ancestor = try ancestorRecord.map { (record) throws(CloudKitBridgeError) in
            try read(ancestorKey) { () throws(RecordDecodingError) in try Model(convertingNumbersIn: record) }
        }
        self.client = try read(clientKey) { () throws(RecordDecodingError) in try Model(convertingNumbersIn: clientRecord) }
        self.server = try read(serverKey) { () throws(RecordDecodingError) in try Model(convertingNumbersIn: serverRecord) }
        self.serverRecord = server
        self.serverFields = serverRecord
    }

    /// The three-way merge of the schema's `<merge>` rule: `RecordModel.merge(ancestor:client:server:)`.
    public func merged() -> Model {
        Model.merge(ancestor: ancestor, client: client, server: server)
    }

    /// The `CKRecord` to save: a copy of the server's record (its change tag and system fields) with the fields
    /// the merge changed set on it, so the save is not another conflict.
    public func resolvedRecord() throws(CloudKitBridgeError) -> CKRecord {
        let record = (serverRecord.copy() as? CKRecord) ?? serverRecord
        try merged().record().apply(to: record, changedFrom: serverFields)
        return record
    }
}
#endif
