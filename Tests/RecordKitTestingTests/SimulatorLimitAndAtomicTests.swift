import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Request limits (https://developer.apple.com/documentation/cloudkit/ckerror/code/limitexceeded), atomic zones
/// (https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/isatomic) and partial failures
/// (https://developer.apple.com/documentation/cloudkit/ckerror/code/partialfailure).
@Suite struct SimulatorLimitAndAtomicTests {
    @Test func moreThan400ItemsIsLimitExceededAndNothingIsSaved() async throws {
        let simulator = try await simulatorWithNoteZone()
        let records = (0..<401).map { Fixtures.noteRecord("n\($0)") }
        await #expect(throws: CloudError.self) {
            _ = try await simulator.modifyRecords(ModifyRecordsRequest(saves: records.map { RecordSave($0) }))
        }
        #expect(await simulator.serverRecords().isEmpty)
        _ = try await save(Array(records.prefix(400)), to: simulator)
        #expect(await simulator.serverRecords().count == 400)
    }

    @Test func moreThan2MBIsLimitExceeded() async throws {
        let simulator = try await simulatorWithNoteZone()
        var big = Fixtures.noteRecord("big")
        big["body"] = .bytes(Data(repeating: 7, count: CloudLimits.maximumBytesPerRequest))
        do {
            _ = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(big)]))
            Issue.record("a request over 2 MB was accepted")
        } catch {
            guard case let .limitExceeded(items, bytes) = error else { Issue.record("got \(error)"); return }
            #expect(items == 1)
            #expect(bytes > CloudLimits.maximumBytesPerRequest)
        }
        #expect(await simulator.serverRecord(big.id) == nil)
    }

    @Test func aLoweredItemLimitIsEnforced() async throws {
        let simulator = try await simulatorWithNoteZone()
        await simulator.setLimits(items: 3)
        await #expect(throws: CloudError.limitExceeded(itemCount: 4, byteCount: RequestSize.bytes(of: ModifyRecordsRequest(
            saves: (0..<4).map { RecordSave(Fixtures.noteRecord("n\($0)")) })))) {
            _ = try await simulator.modifyRecords(ModifyRecordsRequest(saves: (0..<4).map { RecordSave(Fixtures.noteRecord("n\($0)")) }))
        }
        _ = try await save((0..<3).map { Fixtures.noteRecord("n\($0)") }, to: simulator)
    }

    @Test func anAtomicZoneSavesAllOrNothing() async throws {
        let simulator = try await simulatorWithNoteZone()
        let existing = try await save([Fixtures.noteRecord("taken")], to: simulator)[0]
        let good = Fixtures.noteRecord("good"), clash = Fixtures.noteRecord("taken", title: "clash")
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(good), RecordSave(clash)]))
        #expect(result.saves[0].error == .batchRequestFailed(good.id))
        #expect(result.saves[1].error == .serverRecordChanged(serverRecord: existing, clientRecord: clash))
        #expect(await simulator.serverRecord(good.id) == nil)
    }

    @Test func nonAtomicRequestsFailItemByItem() async throws {
        let simulator = try await simulatorWithNoteZone()
        _ = try await save([Fixtures.noteRecord("taken")], to: simulator)
        let good = Fixtures.noteRecord("good"), clash = Fixtures.noteRecord("taken", title: "clash")
        let missingZone = Fixtures.noteRecord("elsewhere", zone: RecordZoneID(zoneName: "missing"))
        let request = ModifyRecordsRequest(saves: [RecordSave(good), RecordSave(clash), RecordSave(missingZone)], atomic: false)
        let result = try await simulator.modifyRecords(request)
        #expect(result.saves[0].error == nil)
        #expect(await simulator.serverRecord(good.id) != nil)
        #expect(result.itemErrors.keys.sorted() == [missingZone.id, clash.id].sorted())
        #expect(result.saves[2].error == .zoneNotFound(missingZone.id.zoneID))
        do {
            try result.throwingPartialFailure()
            Issue.record("no partial failure thrown")
        } catch {
            guard case let .partialFailure(errors) = error else { Issue.record("got \(error)"); return }
            #expect(errors.count == 2)
        }
    }

    @Test func atomicityIsPerZoneAndTheDefaultZoneIsNotAtomic() async throws {
        let simulator = try await simulatorWithNoteZone()
        _ = try await save([Fixtures.noteRecord("taken", zone: .default)], to: simulator)
        let goodDefault = Fixtures.noteRecord("good", zone: .default), clashDefault = Fixtures.noteRecord("taken", zone: .default)
        let goodCustom = Fixtures.noteRecord("custom")
        let request = ModifyRecordsRequest(saves: [RecordSave(goodDefault), RecordSave(clashDefault), RecordSave(goodCustom)])
        let result = try await simulator.modifyRecords(request)
        #expect(result.saves[0].error == nil)
        #expect(result.saves[2].error == nil)
        #expect(await simulator.serverRecord(goodDefault.id) != nil)
        #expect(await simulator.serverRecord(goodCustom.id) != nil)
        guard case .serverRecordChanged? = result.saves[1].error else { Issue.record("expected a conflict"); return }
    }

    @Test func deletesFailAtomicallyWithTheirZone() async throws {
        let simulator = try await simulatorWithNoteZone()
        let kept = try await save([Fixtures.noteRecord("kept")], to: simulator)[0]
        let missing = Fixtures.id("missing")
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(deletes: [kept.id, missing]))
        #expect(result.deletes[0].error == .batchRequestFailed(kept.id))
        #expect(result.deletes[1].error == .unknownItem(missing))
        #expect(await simulator.serverRecord(kept.id) != nil)
    }
}
