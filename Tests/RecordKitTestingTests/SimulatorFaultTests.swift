import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Fault injection: failures before and after commit, throttling with retryAfter, random faults from the seed.
@Suite struct SimulatorFaultTests {
    @Test func failBeforeCommitSavesNothing() async throws {
        let simulator = try await simulatorWithNoteZone()
        await simulator.injectFault(.failBeforeCommit, on: [.modifyRecords])
        await #expect(throws: CloudError.networkFailure) { _ = try await save([Fixtures.noteRecord("n1")], to: simulator) }
        #expect(await simulator.serverRecords().isEmpty)
        _ = try await save([Fixtures.noteRecord("n1")], to: simulator)
        #expect(await simulator.injectedFaults == [InjectedFault(operation: .modifyRecords, fault: .failBeforeCommit)])
    }

    @Test func aLostResponseCommitsButTheClientSeesANetworkFailure() async throws {
        let simulator = try await simulatorWithNoteZone()
        await simulator.injectFault(.loseResponse, on: [.modifyRecords])
        await #expect(throws: CloudError.networkFailure) { _ = try await save([Fixtures.noteRecord("n1")], to: simulator) }
        let stored = try #require(await simulator.serverRecord(Fixtures.noteRecord("n1").id))
        #expect(stored.system.changeTag != nil)
        // Sending the same new record again now meets the committed one.
        let retry = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord("n1"))]))
        #expect(retry.saves[0].error == .serverRecordChanged(serverRecord: stored, clientRecord: Fixtures.noteRecord("n1")))
    }

    @Test(arguments: [
        (SimulatorFault.rateLimit(retryAfter: 3), CloudError.requestRateLimited(retryAfter: 3)),
        (SimulatorFault.zoneBusy(retryAfter: 1.5), CloudError.zoneBusy(nil, retryAfter: 1.5)),
        (SimulatorFault.serviceUnavailable(retryAfter: 30), CloudError.serviceUnavailable(retryAfter: 30)),
    ])
    func throttlingCarriesRetryAfterAndCommitsNothing(fault: SimulatorFault, expected: CloudError) async throws {
        let simulator = try await simulatorWithNoteZone()
        await simulator.injectFault(fault, count: 2)
        do {
            _ = try await save([Fixtures.noteRecord("n1")], to: simulator)
            Issue.record("no error")
        } catch {
            let cloudError = try #require(error as? CloudError)
            #expect(cloudError == expected)
            #expect(cloudError.retryAfter == expected.retryAfter && cloudError.retryAfter != nil)
            #expect(cloudError.isTransient)
        }
        await #expect(throws: expected) { _ = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil) }
        #expect(await simulator.serverRecords().isEmpty)
        _ = try await save([Fixtures.noteRecord("n1")], to: simulator)
    }

    @Test func faultsAimAtTheirOperation() async throws {
        let simulator = try await simulatorWithNoteZone()
        await simulator.injectFault(.failBeforeCommit, on: [.fetchZoneChanges])
        _ = try await save([Fixtures.noteRecord("n1")], to: simulator)
        await #expect(throws: CloudError.networkFailure) { _ = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil) }
        _ = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil)
    }

    @Test func randomFaultsRepeatWithTheSeed() async throws {
        func run(seed: UInt64) async throws -> [InjectedFault] {
            let simulator = try await simulatorWithNoteZone(seed: seed)
            await simulator.setRandomFaults(RandomFaults(probability: 0.3))
            for index in 0..<60 {
                _ = try? await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord("n\(index)"))]))
            }
            return await simulator.injectedFaults
        }
        let first = try await run(seed: 11)
        #expect(first.count > 5 && first.count < 40)
        #expect(try await run(seed: 11) == first)
        #expect(try await run(seed: 12) != first)
        #expect(Set(first.map(\.fault)).count > 1)
    }

    @Test func clearingFaultsStopsThem() async throws {
        let simulator = try await simulatorWithNoteZone()
        await simulator.injectFault(.failBeforeCommit, count: 3)
        await simulator.setRandomFaults(RandomFaults(probability: 1))
        await simulator.clearFaults()
        _ = try await save([Fixtures.noteRecord("n1")], to: simulator)
        #expect(await simulator.injectedFaults.isEmpty)
    }
}
