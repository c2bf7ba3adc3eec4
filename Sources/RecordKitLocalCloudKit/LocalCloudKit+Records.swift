import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

extension LocalCloudKit {
    /// records/modify: create, update and replace check the change tag (the simulator's ifServerRecordUnchanged);
    /// forceUpdate and forceReplace do not (its changedKeys policy); replace writes every key the server's record
    /// holds, so the keys the record lacks are removed. One request uses checked or forced saves, not both.
    /// `atomic` is refused in the default zone, as CloudKit refuses it.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ModifyRecords.html
    func modifyRecords(_ body: Data, database: CloudKitSimulator) async throws -> LocalResponse {
        let request = try WebServicesJSON.decodeModifyRequest(body)
        let atomic = request.atomic ?? false
        if atomic, (request.zoneID ?? .default) == .default {
            throw LocalRefusal(.badRequest, "atomic operations not supported in default zone")
        }
        let forced: Set<RecordOperation.Kind> = [.forceUpdate, .forceReplace]
        let saveKinds = request.operations.map(\.kind).filter { !$0.isDelete }
        if saveKinds.contains(where: forced.contains), saveKinds.contains(where: { !forced.contains($0) }) {
            throw LocalRefusal(.badRequest, "the local CloudKit takes forced and checked saves in separate requests")
        }
        var saves: [RecordSave] = []
        var deletes: [RecordID] = []
        for operation in request.operations {
            let record = operation.record
            guard !record.id.recordName.isEmpty else { throw LocalRefusal(.badRequest, "an operation names no record") }
            switch operation.kind {
            case .delete, .forceDelete: deletes.append(record.id)
            case .create, .update, .forceUpdate: saves.append(RecordSave(record))
            case .replace, .forceReplace:
                let serverKeys = await database.serverRecord(record.id)?.allKeys ?? []
                saves.append(RecordSave(record, changedKeys: Array(Set(record.allKeys + serverKeys)).sorted()))
            }
        }
        let policy: SavePolicy = saveKinds.contains(where: forced.contains) ? .changedKeys : .ifServerRecordUnchanged
        let result = try await database.modifyRecords(
            ModifyRecordsRequest(saves: saves, deletes: deletes, savePolicy: policy, atomic: atomic))
        var entries: [RecordResult] = result.saves.map { item in
            switch item.result {
            case let .success(record): .record(record)
            case let .failure(error): .error(Self.itemError(error, recordName: item.id.recordName))
            }
        }
        entries += result.deletes.map { item in
            item.error.map { .error(Self.itemError($0, recordName: item.id.recordName)) } ?? .deleted(item.id)
        }
        return .json(try WebServicesJSON.encodeRecordsResponse(RecordsResponse(results: entries)))
    }

    /// records/lookup: `{records: [{recordName}], zoneID}`.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/LookupRecords.html
    func lookupRecords(_ body: Data, database: CloudKitSimulator) async throws -> LocalResponse {
        let object = try LocalJSON.object(body)
        let zone = try LocalJSON.zoneID(object["zoneID"])
        guard let entries = object["records"] as? [Any] else { throw LocalRefusal(.badRequest, "records/lookup needs records") }
        var ids: [RecordID] = []
        for entry in entries {
            guard let name = (entry as? [String: Any])?["recordName"] as? String, !name.isEmpty else {
                throw LocalRefusal(.badRequest, "each record to look up needs a recordName")
            }
            ids.append(RecordID(recordName: name, zoneID: zone))
        }
        let found = try await database.fetchRecords(ids)
        let results: [RecordResult] = found.map { item in
            switch item.result {
            case let .success(record): .record(record)
            case let .failure(error): .error(Self.itemError(error, recordName: item.id.recordName))
            }
        }
        return .json(try WebServicesJSON.encodeRecordsResponse(RecordsResponse(results: results)))
    }

    /// A per-record error entry.
    static func itemError(_ error: CloudError, recordName: String) -> WebServicesServerError {
        WebServicesErrorMapping.serverError(for: error, recordName: recordName)?.error
            ?? WebServicesServerError(serverErrorCode: .internalError, reason: error.description, recordName: recordName)
    }
}
