#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit

/// A ``CloudDatabase`` over a `CKDatabase`, for apps that drive sync with ``SyncEngine`` themselves.
///
/// Records cross through the bridge (`Record` <-> `CKRecord`, change tags and system fields
/// kept); CloudKit's errors become the same ``CloudError`` values `CloudKitSimulator` produces for the same
/// failures, so tests against the simulator exercise the paths the app takes against CloudKit.
public struct CloudKitDatabase: CloudDatabase {
    /// The database.
    public let database: CKDatabase
    /// The database's container, which looks up the participants a saved share adds
    /// (``saveShare(_:rootRecord:)``); nil when the app does not share.
    public let container: CKContainer?

    /// A database of the app's container, such as `CKContainer.default().privateCloudDatabase` (or its
    /// `sharedCloudDatabase`, whose scope is `.shared`); give the container to add participants to shares.
    public init(_ database: CKDatabase, container: CKContainer? = nil) {
        self.database = database
        self.container = container
    }

    public var scope: DatabaseScope {
        DatabaseScope(database.databaseScope) ?? .private
    }

    public func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        let results = try await request(zoneID: nil) {
            try await database.modifyRecordZones(saving: zoneIDs.map { CKRecordZone(zoneID: CKRecordZone.ID($0)) }, deleting: [])
        }
        return zoneIDs.map { zoneID in
            switch results.saveResults[CKRecordZone.ID(zoneID)] {
            case let .success(zone)?: .success(RecordZone(id: zoneID, capabilities: Self.capabilities(of: zone)))
            case let .failure(error)?: .failure(CloudError(cloudKitError: error, subject: CloudKitErrorSubject(zoneID: zoneID)))
            case nil: .failure(Self.missingResult("zone \(zoneID)"))
            }
        }
    }

    public func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        let results = try await request(zoneID: nil) {
            try await database.modifyRecordZones(saving: [], deleting: zoneIDs.map { CKRecordZone.ID($0) })
        }
        return zoneIDs.map { zoneID in
            switch results.deleteResults[CKRecordZone.ID(zoneID)] {
            case .success?: .success(zoneID)
            case let .failure(error)?: .failure(CloudError(cloudKitError: error, subject: CloudKitErrorSubject(zoneID: zoneID)))
            case nil: .failure(Self.missingResult("zone \(zoneID)"))
            }
        }
    }

    public func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        let size = (items: request.itemCount, bytes: RequestSize.bytes(of: request))
        // A record the bridge cannot express (an asset with no local file) fails alone, unsent.
        var unsent: [RecordID: CloudError] = [:]
        var records: [CKRecord] = []
        for save in request.saves {
            do {
                records.append(try Self.ckRecord(for: save))
            } catch {
                unsent[save.record.id] = .invalidArguments(error.description)
            }
        }
        let saveResults: [CKRecord.ID: Result<CKRecord, any Error>]
        let deleteResults: [CKRecord.ID: Result<Void, any Error>]
        do {
            (saveResults, deleteResults) = try await database.modifyRecords(
                saving: records, deleting: request.deletes.map { CKRecord.ID($0) },
                savePolicy: Self.savePolicy(request.savePolicy), atomically: request.atomic)
        } catch let error as CKError where error.code == .partialFailure {
            // An atomic request that failed reports every item's error in one partialFailure.
            let byItem = error.partialErrorsByItemID ?? [:]
            var saves: [CKRecord.ID: Result<CKRecord, any Error>] = [:], deletes: [CKRecord.ID: Result<Void, any Error>] = [:]
            for (key, itemError) in byItem {
                guard let id = key.base as? CKRecord.ID else { continue }
                saves[id] = .failure(itemError)
                deletes[id] = .failure(itemError)
            }
            (saveResults, deleteResults) = (saves, deletes)
        } catch {
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(request: size))
        }
        let saves = request.saves.map { save -> RecordItemResult in
            let id = save.record.id
            if let error = unsent[id] { return RecordItemResult(id: id, result: .failure(error)) }
            switch saveResults[CKRecord.ID(id)] {
            case let .success(ckRecord)?:
                return RecordItemResult(id: id, result: .success(Self.savedRecord(ckRecord, sent: save)))
            case let .failure(error)?:
                let subject = CloudKitErrorSubject(recordID: id, clientRecord: save.record, request: size)
                return RecordItemResult(id: id, result: .failure(CloudError(cloudKitError: error, subject: subject)))
            case nil:
                return RecordItemResult(id: id, result: .failure(Self.missingResult("record \(id)")))
            }
        }
        let deletes = request.deletes.map { id -> RecordDeleteResult in
            switch deleteResults[CKRecord.ID(id)] {
            case .success?: RecordDeleteResult(id: id)
            case let .failure(error)?:
                RecordDeleteResult(id: id, error: CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: id, request: size)))
            case nil: RecordDeleteResult(id: id, error: Self.missingResult("record \(id)"))
            }
        }
        return ModifyRecordsResult(saves: saves, deletes: deletes)
    }

    public func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] {
        let results = try await request(zoneID: nil) { try await database.records(for: ids.map { CKRecord.ID($0) }) }
        return ids.map { id in
            switch results[CKRecord.ID(id)] {
            case let .success(ckRecord)?:
                do {
                    return RecordItemResult(id: id, result: .success(try Record(ckRecord: ckRecord)))
                } catch {
                    return RecordItemResult(id: id, result: .failure(.other(code: -1, reason: "\(error)")))
                }
            case let .failure(error)?:
                return RecordItemResult(id: id, result: .failure(CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: id))))
            case nil:
                return RecordItemResult(id: id, result: .failure(Self.missingResult("record \(id)")))
            }
        }
    }

    public func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage {
        let since = try token.map { (token) throws(CloudError) in try Self.ckToken(token) }
        let changes = try await request(zoneID: zoneID) {
            try await database.recordZoneChanges(inZoneWith: CKRecordZone.ID(zoneID), since: since, resultsLimit: resultsLimit)
        }
        // A dictionary has no order: pages list records by ID, so the same page reads the same.
        var changed: [Record] = []
        for (ckID, result) in changes.modificationResultsByID.sorted(by: { RecordID($0.key) < RecordID($1.key) }) {
            let id = RecordID(ckID)
            do {
                changed.append(try Record(ckRecord: result.get().record))
            } catch let error as RecordDecodingError {
                // Nothing is dropped silently: a record the bridge cannot read fails the page.
                throw .other(code: -1, reason: "record \(id) of zone \(zoneID) could not be read: \(error)")
            } catch {
                throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(recordID: id, zoneID: zoneID))
            }
        }
        let deleted = changes.deletions.map { RecordDeletion(id: RecordID($0.recordID), recordType: $0.recordType) }
        return ZoneChangesPage(
            zoneID: zoneID, changed: changed, deleted: deleted, token: try Self.token(changes.changeToken),
            moreComing: changes.moreComing)
    }

    public func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        let since = try token.map { (token) throws(CloudError) in try Self.ckToken(token) }
        let changes = try await request(zoneID: nil) { try await database.databaseChanges(since: since) }
        let deleted = changes.deletions.map { ZoneDeletion(zoneID: RecordZoneID($0.zoneID), reason: ZoneDeletionReason($0)) }
        return DatabaseChangesPage(
            changedZones: changes.modifications.map { RecordZoneID($0.zoneID) }, deletedZones: deleted,
            token: try Self.token(changes.changeToken), moreComing: changes.moreComing)
    }

    // MARK: Plumbing

    /// Runs a CloudKit call, mapping a thrown error.
    private func request<T>(zoneID: RecordZoneID?, _ body: () async throws -> T) async throws(CloudError) -> T {
        do {
            return try await body()
        } catch {
            throw CloudError(cloudKitError: error, subject: CloudKitErrorSubject(zoneID: zoneID))
        }
    }

    /// The `CKRecord` of a save: every field, or under `changedKeys` only the listed ones (a listed key the
    /// record lacks is removed), so CloudKit's `changedKeys()` is the list.
    static func ckRecord(for save: RecordSave) throws(CloudKitBridgeError) -> CKRecord {
        guard let keys = save.changedKeys else { return try save.record.ckRecord() }
        var partial = save.record
        partial.fields = RecordFields()
        partial.encryptedFields = RecordFields()
        for key in keys {
            if let value = save.record.fields[key] {
                partial.fields.set(value, forKey: key)
            } else if let value = save.record.encryptedFields[key] {
                partial.encryptedFields.set(value, forKey: key)
            }
        }
        let ckRecord = try partial.ckRecord()
        for key in keys where save.record[key] == nil {
            ckRecord.setObject(nil, forKey: key)
        }
        return ckRecord
    }

    /// The record as saved: read from CloudKit's answer, or the record sent under the answer's system fields.
    /// CloudKit answers with the `CKRecord` sent, under new system fields: for a save of listed keys, only those.
    /// The keys the save did not write, which the server kept, are then taken from the save's record, whose values
    /// for them are the server's when it was edited from the server record of the change tag it carries (always
    /// so when an `ifServerRecordUnchanged` save succeeds).
    private static func savedRecord(_ ckRecord: CKRecord, sent save: RecordSave) -> Record {
        guard var record = try? Record(ckRecord: ckRecord) else {
            var record = save.record
            if let system = try? SystemFields(ckRecord: ckRecord) { record.system = system }
            return record
        }
        guard let keys = save.changedKeys else { return record }
        // Keys compare by their bytes, as records keep them (not as Unicode text, as a Set would).
        for key in save.record.allKeys where record[key] == nil && !keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) {
            if let value = save.record.encryptedFields[key] {
                record.encryptedFields[key] = value
            } else if let value = save.record.fields[key] {
                record.fields[key] = value
            }
        }
        return record
    }

    private static func savePolicy(_ policy: SavePolicy) -> CKModifyRecordsOperation.RecordSavePolicy {
        switch policy {
        case .ifServerRecordUnchanged: .ifServerRecordUnchanged
        case .changedKeys: .changedKeys
        case .allKeys: .allKeys
        }
    }

    private static func capabilities(of zone: CKRecordZone) -> RecordZone.Capabilities {
        var capabilities: RecordZone.Capabilities = []
        if zone.capabilities.contains(.fetchChanges) { capabilities.insert(.fetchChanges) }
        if zone.capabilities.contains(.atomic) { capabilities.insert(.atomic) }
        if zone.capabilities.contains(.sharing) { capabilities.insert(.sharing) }
        return capabilities
    }

    private static func ckToken(_ token: ServerChangeToken) throws(CloudError) -> CKServerChangeToken {
        do {
            return try token.ckServerChangeToken()
        } catch {
            throw .invalidArguments(error.description)
        }
    }

    private static func token(_ token: CKServerChangeToken) throws(CloudError) -> ServerChangeToken {
        do {
            return try ServerChangeToken(token)
        } catch {
            throw .other(code: -1, reason: error.description)
        }
    }

    private static func missingResult(_ item: String) -> CloudError {
        .other(code: -1, reason: "CloudKit returned no result for \(item)")
    }
}
#endif
