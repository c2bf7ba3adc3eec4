import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// `CloudKitDatabase` over a `CKDatabase` whose answers each test scripts: requests cross the bridge, and
/// CloudKit's errors become the `CloudError`s the simulator produces for the same failures.
@Suite struct CloudKitDatabaseTests {
    let database = CKDatabase(scope: .private)
    var cloud: CloudKitDatabase { CloudKitDatabase(database) }
    let zone = CKRecordZone.ID(noteZone)

    init() { _ = Device.registered }

    private func note(_ name: String, tag: String? = nil) -> Record {
        var record = makeNote(name, text: name, modified: 1).record()
        record.system.changeTag = tag
        return record
    }

    @Test func savesAndDeletesCrossTheBridgeWithTheirPolicyAndResults() async throws {
        let seen = Box<(names: [String], tags: [String?], deletes: [String], policy: Int, atomic: Bool)>()
        database.responses.modifyRecords = { saves, deletes, policy, atomic in
            seen.value = (saves.map(\.recordID.recordName), saves.map(\.recordChangeTag), deletes.map(\.recordName), policy.rawValue, atomic)
            var results: [CKRecord.ID: Result<CKRecord, any Error>] = [:]
            for record in saves { results[record.recordID] = .success(try Server.saved(record, tag: "new-\(record.recordID.recordName)")) }
            return (results, Dictionary(uniqueKeysWithValues: deletes.map { ($0, Result<Void, any Error>.success(())) }))
        }
        let result = try await cloud.modifyRecords(ModifyRecordsRequest(
            saves: [RecordSave(note("a")), RecordSave(note("b", tag: "t1"))], deletes: [RecordID(recordName: "c", zoneID: noteZone)],
            savePolicy: .allKeys, atomic: false))
        #expect(seen.value?.names == ["a", "b"])
        #expect(seen.value?.tags == [nil, "t1"])
        #expect(seen.value?.deletes == ["c"])
        #expect(seen.value?.policy == CKModifyRecordsOperation.RecordSavePolicy.allKeys.rawValue)
        #expect(seen.value?.atomic == false)
        #expect(result.saves.map { try? $0.result.get().system.changeTag } == ["new-a", "new-b"])
        #expect(try result.saves[0].result.get().fields == note("a").fields)
        #expect(result.deletes == [RecordDeleteResult(id: RecordID(recordName: "c", zoneID: noteZone))])
    }

    @Test func changedKeysSendOnlyTheListedKeys() async throws {
        let keys = Box<[String]>()
        database.responses.modifyRecords = { saves, _, _, _ in
            keys.value = saves.first?.changedKeys()
            return ([:], [:])
        }
        var record = note("a", tag: "t1")
        record["extra"] = .string("x")
        _ = try await cloud.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record, changedKeys: ["extra", "gone"])], savePolicy: .changedKeys))
        #expect(keys.value == ["extra", "gone"])
    }

    @Test func aSaveOfListedKeysReturnsTheWholeRecordUnderTheAnswersSystemFields() async throws {
        // CloudKit answers with the record sent, which holds only the listed keys.
        database.responses.modifyRecords = { saves, _, _, _ in
            (Dictionary(uniqueKeysWithValues: try saves.map { ($0.recordID, Result<CKRecord, any Error>.success(try Server.saved($0, tag: "t2"))) }), [:])
        }
        var record = note("a", tag: "t1")
        record["extra"] = .string("x")
        let result = try await cloud.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record, changedKeys: ["extra", "gone"])]))
        let saved = try result.saves[0].result.get()
        #expect(saved.system.changeTag == "t2")
        #expect(saved.fields == record.fields, "the keys not sent are the record's, which the server kept")
        #expect(saved["gone"] == nil)
    }

    @Test func itemErrorsBecomeTheSimulatorsErrors() async throws {
        let server = note("conflict", tag: "server-tag")
        let serverCK = try server.ckRecord()
        let reset = Server.error(.zoneNotFound, [CKErrorUserDidResetEncryptedDataKey: true])
        let errors: [String: CKError] = [
            "conflict": Server.error(.serverRecordChanged, [CKRecordChangedErrorServerRecordKey: serverCK]),
            "lost": Server.error(.unknownItem), "nozone": Server.error(.zoneNotFound), "reset": reset,
            "held": Server.error(.batchRequestFailed), "purged": Server.error(.userDeletedZone),
            "busy": Server.error(.zoneBusy, [CKErrorRetryAfterKey: 2.5]), "full": Server.error(.quotaExceeded),
        ]
        database.responses.modifyRecords = { saves, _, _, _ in
            (Dictionary(uniqueKeysWithValues: saves.map { ($0.recordID, Result<CKRecord, any Error>.failure(errors[$0.recordID.recordName] ?? Server.error(.internalError))) }), [:])
        }
        let names = errors.keys.sorted()
        let client = note("conflict", tag: "old-tag")
        let saves = names.map { $0 == "conflict" ? RecordSave(client) : RecordSave(note($0)) }
        let result = try await cloud.modifyRecords(ModifyRecordsRequest(saves: saves))
        let mapped = Dictionary(uniqueKeysWithValues: result.saves.map { ($0.id.recordName, $0.result) })
        func id(_ name: String) -> RecordID { RecordID(recordName: name, zoneID: noteZone) }
        #expect(mapped["conflict"] == .failure(.serverRecordChanged(serverRecord: try Record(ckRecord: serverCK), clientRecord: client)))
        #expect(mapped["lost"] == .failure(.unknownItem(id("lost"))))
        #expect(mapped["nozone"] == .failure(.zoneNotFound(noteZone)))
        #expect(mapped["reset"] == .failure(.encryptedDataReset(noteZone)))
        #expect(mapped["held"] == .failure(.batchRequestFailed(id("held"))))
        #expect(mapped["purged"] == .failure(.userDeletedZone(noteZone)))
        #expect(mapped["busy"] == .failure(.zoneBusy(noteZone, retryAfter: 2.5)))
        guard case .failure(.other(code: CKError.Code.quotaExceeded.rawValue, _))? = mapped["full"] else {
            Issue.record("expected other(quotaExceeded), got \(String(describing: mapped["full"]))")
            return
        }
    }

    @Test func requestErrorsAreThrownTyped() async throws {
        let thrown = Box<CKError>()
        database.responses.modifyRecords = { _, _, _, _ in throw thrown.value ?? Server.error(.internalError) }
        let request = ModifyRecordsRequest(saves: [RecordSave(note("a"))])
        let cases: [(CKError, CloudError)] = [
            (Server.error(.limitExceeded), .limitExceeded(itemCount: 1, byteCount: RequestSize.bytes(of: request))),
            (Server.error(.requestRateLimited, [CKErrorRetryAfterKey: 3.0]), .requestRateLimited(retryAfter: 3)),
            (Server.error(.serviceUnavailable), .serviceUnavailable(retryAfter: nil)),
            (Server.error(.networkFailure), .networkFailure),
            (Server.error(.networkUnavailable), .networkUnavailable),
        ]
        for (ckError, expected) in cases {
            thrown.value = ckError
            await #expect(throws: expected) { try await cloud.modifyRecords(request) }
        }
    }

    @Test func anAtomicFailureReportsEveryItem() async throws {
        database.responses.modifyRecords = { saves, _, _, _ in
            throw Server.error(.partialFailure, [CKPartialErrorsByItemIDKey: [
                saves[0].recordID: Server.error(.unknownItem) as any Error, saves[1].recordID: Server.error(.batchRequestFailed) as any Error,
            ] as [AnyHashable: any Error]])
        }
        let result = try await cloud.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(note("a", tag: "t")), RecordSave(note("b"))]))
        #expect(result.itemErrors == [
            RecordID(recordName: "a", zoneID: noteZone): .unknownItem(RecordID(recordName: "a", zoneID: noteZone)),
            RecordID(recordName: "b", zoneID: noteZone): .batchRequestFailed(RecordID(recordName: "b", zoneID: noteZone)),
        ])
    }

    @Test func zoneChangesComeInPagesWithTheirTokenAndMoreComing() async throws {
        let since = Box<Data>()
        database.responses.recordZoneChanges = { _, token, _ in
            since.value = try token.map { try ServerChangeToken($0).data }
            let next = try ServerChangeToken(data: Data([9, 9])).ckServerChangeToken()
            let records = [try Server.record(makeNote("b", text: "b", modified: 1), tag: "t"), try Server.record(makeNote("a", text: "a", modified: 1), tag: "t")]
            return (Dictionary(uniqueKeysWithValues: records.map { ($0.recordID, .success(CKDatabase.RecordZoneChange.Modification(record: $0))) }),
                    [CKDatabase.RecordZoneChange.Deletion(recordID: ckID("gone"), recordType: "Note")], next, true)
        }
        let page = try await cloud.fetchZoneChanges(noteZone, since: ServerChangeToken(data: Data([1])))
        #expect(since.value == Data([1]))
        #expect(page.changed.map(\.id.recordName) == ["a", "b"], "in ID order")
        #expect(page.deleted == [RecordDeletion(id: RecordID(recordName: "gone", zoneID: noteZone), recordType: "Note")])
        #expect(page.token == ServerChangeToken(data: Data([9, 9])))
        #expect(page.moreComing)

        database.responses.recordZoneChanges = { _, _, _ in throw Server.error(.changeTokenExpired) }
        await #expect(throws: CloudError.changeTokenExpired(noteZone)) { try await cloud.fetchZoneChanges(noteZone, since: nil) }
    }

    @Test func databaseChangesNameChangedAndDeletedZonesWithTheirReason() async throws {
        let other = RecordZoneID(zoneName: "other")
        database.responses.databaseChanges = { _ in
            let next = try ServerChangeToken(data: Data([7])).ckServerChangeToken()
            return ([.init(zoneID: CKRecordZone.ID(noteZone))], [
                .init(zoneID: CKRecordZone.ID(other), reason: .purged),
                .init(zoneID: CKRecordZone.ID(RecordZoneID(zoneName: "reset")), reason: .encryptedDataReset),
                .init(zoneID: CKRecordZone.ID(RecordZoneID(zoneName: "deleted")), reason: .deleted),
            ], next, false)
        }
        let page = try await cloud.fetchDatabaseChanges(since: nil)
        #expect(page.changedZones == [noteZone])
        #expect(page.deletedZones.map(\.reason) == [.purged, .encryptedDataReset, .deleted])
        #expect(page.token == ServerChangeToken(data: Data([7])))
        #expect(!page.moreComing)
    }

    @Test func savedZonesCarryTheirCapabilities() async throws {
        database.responses.modifyRecordZones = { zones, _ in
            (Dictionary(uniqueKeysWithValues: zones.map { zone in
                let saved = CKRecordZone(zoneID: zone.zoneID)
                saved.capabilities = [.fetchChanges, .atomic]
                return (zone.zoneID, Result<CKRecordZone, any Error>.success(saved))
            }), [:])
        }
        let results = try await cloud.saveZones([noteZone])
        #expect(try results[0].get() == RecordZone(id: noteZone, capabilities: [.fetchChanges, .atomic]))
    }
}

/// A value a scripted answer records, for the test to read.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
