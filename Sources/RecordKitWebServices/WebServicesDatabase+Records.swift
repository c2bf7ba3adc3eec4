import Foundation
import RecordKit
import RecordKitSync

extension WebServicesDatabase {
    /// records/modify, one request per zone in the order zones first appear, so that `atomic` holds per zone as
    /// CKModifyRecordsOperation's does (Web Services applies it to a whole request, and refuses it in the default
    /// zone). `CONFLICT` and `EXISTS` items are looked up and reported as
    /// `CloudError/serverRecordChanged(serverRecord:clientRecord:)` with the server's record.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ModifyRecords.html
    public func modifyRecords(_ original: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        // Assets (issue 26): files uploaded first; a save whose file cannot be read fails alone.
        let (request, assetFailures, uploaded) = try await uploadingAssets(original)
        var zones: [RecordZoneID] = []
        for id in request.saves.map(\.record.id) + request.deletes where !zones.contains(id.zoneID) { zones.append(id.zoneID) }
        var saved: [RecordID: Result<Record, CloudError>] = [:]
        var deleted: [RecordID: CloudError?] = [:]
        for zone in zones {
            let saves = request.saves.filter { $0.record.id.zoneID == zone }
            let deletes = request.deletes.filter { $0.zoneID == zone }
            var operations: [RecordOperation] = []
            for save in saves { operations.append(try Self.operation(for: save, policy: request.savePolicy)) }
            operations += deletes.map { RecordOperation.delete($0, force: true) }
            let atomic = request.atomic && zone != .default && scope != .public
            let body: Data
            do {
                body = try WebServicesJSON.encodeModifyRequest(operations: operations, atomic: atomic, zoneID: zone)
            } catch {
                throw .invalidArguments("a record could not be written as Web Services JSON: \(error)")
            }
            let response: Data
            do {
                response = try await perform("records/modify", body: body, zoneID: zone)
            } catch .limitExceeded {
                throw .limitExceeded(itemCount: request.itemCount, byteCount: RequestSize.bytes(of: request))
            }
            let results = try Self.decoded(response, WebServicesJSON.decodeRecordsResponse).results
            let byName = Self.resultsByName(results)
            for save in saves {
                let id = save.record.id
                switch byName[id.recordName] {
                case let .record(record)?: saved[id] = .success(record)
                case let .error(error)?: saved[id] = .failure(WebServicesErrorMapping.cloudError(for: error, recordID: id))
                case .deleted?, nil: saved[id] = .failure(Self.missing(id))
                }
            }
            for id in deletes {
                switch byName[id.recordName] {
                case .deleted?, .record?: deleted[id] = .some(nil)
                case let .error(error)?: deleted[id] = .some(WebServicesErrorMapping.cloudError(for: error, recordID: id))
                case nil: deleted[id] = .some(Self.missing(id))
                }
            }
        }
        let conflicts = request.saves.filter { save in
            if case .failure(.other(WebServicesErrorMapping.CKErrorCode.serverRecordChanged, _))? = saved[save.record.id] { return true }
            return false
        }
        if !conflicts.isEmpty {
            let servers = try await fetchRecords(conflicts.map(\.record.id))
            for (save, server) in zip(conflicts, servers) {
                let conflict = server.result.map { CloudError.serverRecordChanged(serverRecord: $0, clientRecord: save.record) }
                saved[save.record.id] = .failure(conflict.failureOrSelf)
            }
        }
        return Self.result(ModifyRecordsResult(
            saves: request.saves.map { RecordItemResult(id: $0.record.id, result: saved[$0.record.id] ?? .failure(Self.missing($0.record.id))) },
            deletes: request.deletes.map { RecordDeleteResult(id: $0, error: deleted[$0] ?? Self.missing($0)) }),
            of: original, failed: assetFailures, uploaded: uploaded)
    }

    /// records/lookup, one request per zone.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/LookupRecords.html
    public func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] {
        var zones: [RecordZoneID] = []
        for id in ids where !zones.contains(id.zoneID) { zones.append(id.zoneID) }
        var found: [RecordID: Result<Record, CloudError>] = [:]
        for zone in zones {
            let names = ids.filter { $0.zoneID == zone }.map(\.recordName)
            let body = try WebServicesJSONBodies.data([
                "records": names.map { ["recordName": $0] }, "zoneID": WebServicesJSONBodies.zoneIDObject(zone),
            ])
            let response = try await perform("records/lookup", body: body, zoneID: zone)
            let byName = Self.resultsByName(try Self.decoded(response, WebServicesJSON.decodeRecordsResponse).results)
            for name in names {
                let id = RecordID(recordName: name, zoneID: zone)
                switch byName[name] {
                case let .record(record)?: found[id] = .success(record)
                case let .error(error)?: found[id] = .failure(WebServicesErrorMapping.cloudError(for: error, recordID: id))
                case .deleted?, nil: found[id] = .failure(.unknownItem(id))
                }
            }
        }
        return ids.map { RecordItemResult(id: $0, result: found[$0] ?? .failure(.unknownItem($0))) }
    }

    /// The operation a save becomes. ifServerRecordUnchanged: `create` without a change tag, else `update` with
    /// the changed keys, or `replace` with the whole record when a changed key was removed (the tag check makes
    /// the server's record the one the client edited, so replacing writes exactly the changes). changedKeys and
    /// allKeys: `forceUpdate` with the save's keys; Web Services has no forced way to remove a single field.
    static func operation(for save: RecordSave, policy: SavePolicy) throws(CloudError) -> RecordOperation {
        let record = save.record
        let removes = save.changedKeys.map { keys in keys.contains { record[$0] == nil } } ?? false
        var written = record
        if let keys = save.changedKeys, !removes {
            let kept = Set(keys)
            written.fields = record.fields.filter { kept.contains($0.key) }
            written.encryptedFields = record.encryptedFields.filter { kept.contains($0.key) }
        }
        switch policy {
        case .ifServerRecordUnchanged:
            if record.system.changeTag == nil { return RecordOperation(.create, record: record) }
            return removes ? RecordOperation(.replace, record: record) : RecordOperation(.update, record: written)
        case .changedKeys, .allKeys:
            if removes {
                throw .invalidArguments("record \(record.id): Web Services cannot remove a field under save policy \(policy); use ifServerRecordUnchanged")
            }
            return RecordOperation(.forceUpdate, record: written)
        }
    }

    static func resultsByName(_ results: [RecordResult]) -> [String: RecordResult] {
        var byName: [String: RecordResult] = [:]
        for result in results {
            switch result {
            case let .record(record): byName[record.id.recordName] = result
            case let .deleted(id): byName[id.recordName] = result
            case let .error(error): if let name = error.recordName { byName[name] = result }
            }
        }
        return byName
    }

    static func missing(_ id: RecordID) -> CloudError {
        .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "the response did not mention record \(id)")
    }
}

extension Result where Success == CloudError, Failure == CloudError {
    /// The error either way: the server record's conflict, or the lookup's failure.
    var failureOrSelf: CloudError {
        switch self {
        case let .success(error), let .failure(error): error
        }
    }
}
