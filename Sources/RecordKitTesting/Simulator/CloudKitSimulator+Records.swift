import RecordKit
import RecordKitSync

extension CloudKitSimulator {
    public func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        try modifyRecords(request, from: nil)
    }

    /// Saves and deletes records for a device: the pushes the changes cause go to every other device.
    public func modifyRecords(
        _ request: ModifyRecordsRequest, from device: String?
    ) throws(CloudError) -> ModifyRecordsResult {
        let loseResponse = try beginRequest(.modifyRecords)
        // "400 items (records or shares) per operation; 2 MB per request (not counting asset sizes)": the whole
        // request fails and nothing is saved. https://developer.apple.com/documentation/cloudkit/ckerror/code/limitexceeded
        let bytes = RequestSize.bytes(of: request)
        if request.itemCount > itemLimit || bytes > byteLimit {
            throw .limitExceeded(itemCount: request.itemCount, byteCount: bytes)
        }
        let result = try apply(request, origin: device)
        // The server committed; the client never hears of it.
        if loseResponse { throw .networkFailure }
        return result
    }

    public func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] {
        try fetchRecordsNow(ids)
    }

    func fetchRecordsNow(_ ids: [RecordID]) throws(CloudError) -> [RecordItemResult] {
        let loseResponse = try beginRequest(.fetchRecords)
        let results = ids.map { id -> RecordItemResult in
            switch usableZone(id.zoneID) {
            case let .failure(error): return RecordItemResult(id: id, result: .failure(error))
            case let .success(zone):
                // https://developer.apple.com/documentation/cloudkit/ckerror/code/unknownitem
                // A participant reads only what their shares cover: anything else is as if it did not exist.
                // A share's ID names no record: shares are read with CloudSharing.fetchShare.
                guard let record = zone[id], isVisible(record) else { return RecordItemResult(id: id, result: .failure(.unknownItem(id))) }
                noteServed([id])
                return RecordItemResult(id: id, result: .success(servingAssets(record)))
            }
        }
        if loseResponse { throw .networkFailure }
        return results
    }

    /// Saves and deletes as another device would, with the same rules but no fault and no request limit.
    @discardableResult
    public func serverModify(_ request: ModifyRecordsRequest) throws(CloudError) -> ModifyRecordsResult {
        try apply(request, origin: nil)
    }

    /// Saves records as another device would (`allKeys`, whatever the change tags), creating them or writing
    /// every key they hold over the server's; returns the records as saved, with their change tags.
    ///
    /// As in CloudKit, a key the server's record holds and a given record lacks stays on the server: name it in
    /// `removing` to remove it, as a device does by setting the key to nil.
    /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/allkeys
    @discardableResult
    public func serverSave(_ records: [Record], removing: [String] = []) throws(CloudError) -> [Record] {
        let saves = records.map { record in
            RecordSave(record, changedKeys: removing.isEmpty ? nil : record.allKeys + removing.filter { record[$0] == nil })
        }
        let result = try apply(ModifyRecordsRequest(saves: saves, savePolicy: .allKeys, atomic: false), origin: nil)
        try result.throwingPartialFailure()
        return result.saves.compactMap { try? $0.result.get() }
    }

    // MARK: Rules

    private enum Plan {
        case save(Record, changedKeys: [String]?)
        case delete
        case fail(CloudError)

        var isFailure: Bool { if case .fail = self { true } else { false } }
    }

    /// Applies a request and queues the pushes its changes cause for every device but `origin`.
    private func apply(_ request: ModifyRecordsRequest, origin: String?) throws(CloudError) -> ModifyRecordsResult {
        let ids = request.saves.map(\.record.id) + request.deletes
        // One operation may name a record once.
        if let duplicate = firstDuplicate(ids) {
            throw .invalidArguments("record \(duplicate) appears more than once in one request")
        }
        let sent = Dictionary(request.saves.map { ($0.record.id, $0.record) }, uniquingKeysWith: { first, _ in first })
        var plans = request.saves.map { save -> Plan in
            if let refusal = sharingRefusal(save: save.record, sent: sent) { return .fail(refusal) }
            return plan(save: save, policy: request.savePolicy)
        } + request.deletes.map { id -> Plan in
            if let refusal = sharingRefusal(delete: id) { return .fail(refusal) }
            return plan(delete: id)
        }
        if request.atomic { failAtomically(&plans, ids: ids) }
        var saves: [RecordItemResult] = [], deletes: [RecordDeleteResult] = []
        var changes: [CommittedChange] = []
        defer { queuePushes(for: changes, origin: origin) }
        // Deleting a shared root (or any record of a parent chain) uncovers the records under it: participants
        // who keep the zone through another share must find them deleted from their view.
        let sharedZones = Set(sharing.shares.values.map(\.zoneID))
        let coverageBefore = request.deletes.isEmpty || sharedZones.isEmpty ? nil : coverage(ofZones: sharedZones)
        defer { if let coverageBefore { relogCoverageChanges(before: coverageBefore, after: coverage(ofZones: sharedZones)) } }
        for (id, plan) in zip(ids, plans) {
            switch plan {
            case let .save(record, keys):
                let existed = zones[id.zoneID]?[id] != nil
                let before = zones[id.zoneID]?.sequence ?? 0
                let saved = commit(storingAssetContents(record), changedKeys: keys)  // Assets (issue 26)
                changes.append(CommittedChange(record: saved, reason: existed ? .recordUpdated : .recordCreated, sequenceBefore: before))
                saves.append(RecordItemResult(id: id, result: .success(saved)))
            case .delete:
                if let old = zones[id.zoneID]?[id] {
                    changes.append(CommittedChange(record: old, reason: .recordDeleted, sequenceBefore: zones[id.zoneID]?.sequence ?? 0))
                }
                _ = zones[id.zoneID]?.remove(id)
                noteZoneChange(id.zoneID, deletion: nil)
                shareRootDeleted(id)
                deletes.append(RecordDeleteResult(id: id))
            case let .fail(error):
                if saves.count < request.saves.count {
                    saves.append(RecordItemResult(id: id, result: .failure(error)))
                } else {
                    deletes.append(RecordDeleteResult(id: id, error: error))
                }
            }
        }
        return ModifyRecordsResult(saves: saves, deletes: deletes)
    }

    private func plan(save: RecordSave, policy: SavePolicy) -> Plan {
        let client = save.record
        let zone: SimulatedZone
        switch usableZone(client.id.zoneID) {
        case let .failure(error): return .fail(error)
        case let .success(found): zone = found
        }
        guard let server = zone[client.id] else {
            // Saving a record the server no longer holds, edited from a server copy (it has a change tag), fails:
            // https://developer.apple.com/documentation/cloudkit/ckerror/code/unknownitem
            if policy == .ifServerRecordUnchanged, client.system.changeTag != nil { return .fail(.unknownItem(client.id)) }
            return .save(client, changedKeys: save.changedKeys)
        }
        if server.recordType != client.recordType {
            return .fail(.invalidArguments("record \(client.id) is a \(server.recordType) on the server, not a \(client.recordType)"))
        }
        // ifServerRecordUnchanged: "save only if the change tags match", else serverRecordChanged with the
        // server's record; a record without a tag is new and meets an existing one the same way.
        // https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/ifserverrecordunchanged
        // https://developer.apple.com/documentation/cloudkit/ckerror/code/serverrecordchanged
        if policy == .ifServerRecordUnchanged, client.system.changeTag != server.system.changeTag {
            return .fail(.serverRecordChanged(serverRecord: server, clientRecord: client))
        }
        return .save(client, changedKeys: save.changedKeys)
    }

    private func plan(delete id: RecordID) -> Plan {
        switch usableZone(id.zoneID) {
        case let .failure(error): return .fail(error)
        case let .success(zone):
            // A delete of a record the server does not hold reports unknownItem (an engine counts it as done).
            // https://developer.apple.com/documentation/cloudkit/ckerror/code/unknownitem
            return zone[id] == nil ? .fail(.unknownItem(id)) : .delete
        }
    }

    /// Atomic requests, in zones with the atomic capability: one failed item fails every item of its zone, the
    /// others with batchRequestFailed. Zones without the capability (the default zone) save item by item.
    /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/isatomic
    /// https://developer.apple.com/documentation/cloudkit/ckerror/code/batchrequestfailed
    private func failAtomically(_ plans: inout [Plan], ids: [RecordID]) {
        let failedZones = Set(zip(ids, plans).filter { $0.1.isFailure }.map(\.0.zoneID))
        for (index, id) in ids.enumerated() where failedZones.contains(id.zoneID) && !plans[index].isFailure {
            guard zones[id.zoneID]?.zone.capabilities.contains(.atomic) == true else { continue }
            plans[index] = .fail(.batchRequestFailed(id))
        }
    }

    /// Writes a saved record. Every policy writes only the keys the save names (`changedKeys`, else every key the
    /// client's record holds) over the server's record: "any previously committed server values for keys that
    /// were not locally edited are left unchanged", so a key the client's record lacks stays on the server unless
    /// it is listed (a changed key with no value removes the field). The policies differ only in the change-tag
    /// check, made in `plan(save:policy:)`. The parent, a system field of the sent record, is always written.
    /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy
    /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/ifserverrecordunchanged
    /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/changedkeys
    /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/allkeys
    ///
    /// The server's system fields: a new change tag on every save, the creation date kept, the modification
    /// date and user set. https://developer.apple.com/documentation/cloudkit/ckrecord/recordchangetag
    private func commit(_ client: Record, changedKeys: [String]?) -> Record {
        let server = zones[client.id.zoneID]?[client.id]
        var saved: Record
        if let server {
            saved = server
            saved.system.parent = client.system.parent
        } else {
            // A new record holds only the keys written.
            saved = Record(recordType: client.recordType, id: client.id, system: client.system)
        }
        for key in changedKeys ?? client.allKeys { copyField(key, from: client, into: &saved) }
        let now = tick()
        saved.system.changeTag = newChangeTag(replacing: server?.system.changeTag)
        saved.system.creationDate = server?.system.creationDate ?? now
        saved.system.creatorUserRecordName = server?.system.creatorUserRecordName ?? requestUserName
        saved.system.modificationDate = now
        saved.system.lastModifiedUserRecordName = requestUserName
        // Among several users, only a saved share makes a record a share's root.
        if acting != nil { saved.system.share = shareReference(forRoot: client.id) }
        zones[client.id.zoneID]?.put(saved)
        noteZoneChange(client.id.zoneID, deletion: nil)
        return saved
    }

    /// Writes one key as the client has it, plain or encrypted; a key the client lacks removes the field.
    private func copyField(_ key: String, from client: Record, into saved: inout Record) {
        saved[key] = nil
        if let value = client.encryptedFields[key] {
            saved.encryptedFields[key] = value
        } else if let value = client.fields[key] {
            saved.fields[key] = value
        }
    }

    private func firstDuplicate(_ ids: [RecordID]) -> RecordID? {
        var seen = Set<RecordID>()
        return ids.first { !seen.insert($0).inserted }
    }
}
