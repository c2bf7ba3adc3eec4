import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Save policies and change tags: https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy
@Suite struct SimulatorSavePolicyTests {
    @Test func everySaveGetsANewChangeTagAndServerDates() async throws {
        let simulator = try await simulatorWithNoteZone()
        let first = try await save([Fixtures.noteRecord("n1")], to: simulator)[0]
        let firstTag = try #require(first.system.changeTag)
        #expect(first.system.creationDate != nil)
        var edited = first
        edited["title"] = .string("again")
        let second = try await save([edited], to: simulator)[0]
        #expect(second.system.changeTag != nil)
        #expect(second.system.changeTag != firstTag)
        #expect(second.system.creationDate == first.system.creationDate)
        #expect(try #require(second.system.modificationDate) > #require(first.system.modificationDate))
        // Saving the same values again still gets a new tag.
        let third = try await save([second], to: simulator)[0]
        #expect(third.system.changeTag != second.system.changeTag)
        #expect(await simulator.serverRecord(third.id) == third)
    }

    @Test func ifServerRecordUnchangedRefusesAStaleTagAndHandsBackTheServerRecord() async throws {
        let simulator = try await simulatorWithNoteZone()
        let original = try await save([Fixtures.noteRecord("n1", title: "a")], to: simulator)[0]
        var deviceA = original, deviceB = original
        deviceA["title"] = .string("from A")
        deviceB["title"] = .string("from B")
        let saved = try await save([deviceA], to: simulator)[0]
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(deviceB)]))
        #expect(result.saves[0].error == .serverRecordChanged(serverRecord: saved, clientRecord: deviceB))
        #expect(await simulator.serverRecord(original.id)?["title"] == .string("from A"))
        #expect(throws: CloudError.self) { try result.throwingPartialFailure() }
    }

    @Test func creatingARecordThatExistsIsAServerRecordChanged() async throws {
        let simulator = try await simulatorWithNoteZone()
        let existing = try await save([Fixtures.noteRecord("seed", title: "first")], to: simulator)[0]
        let duplicate = Fixtures.noteRecord("seed", title: "second")
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(duplicate)]))
        #expect(result.saves[0].error == .serverRecordChanged(serverRecord: existing, clientRecord: duplicate))
    }

    @Test func savingWithATagARecordTheServerDeletedIsUnknownItem() async throws {
        let simulator = try await simulatorWithNoteZone()
        let saved = try await save([Fixtures.noteRecord("n1")], to: simulator)[0]
        try await simulator.modifyRecords(ModifyRecordsRequest(deletes: [saved.id])).throwingPartialFailure()
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(saved)]))
        #expect(result.saves[0].error == .unknownItem(saved.id))
        #expect(await simulator.serverRecord(saved.id) == nil)
    }

    @Test func changedKeysWritesOnlyTheListedKeysWhateverTheTag() async throws {
        let simulator = try await simulatorWithNoteZone()
        var base = Fixtures.noteRecord("n1", title: "a")
        base["body"] = .string("b")
        base["color"] = .string("red")
        let saved = try await save([base], to: simulator)[0]
        var other = saved
        other["body"] = .string("other device")
        _ = try await save([other], to: simulator)
        var stale = saved
        stale["title"] = .string("new title")
        stale["color"] = nil
        stale["body"] = .string("must not be written")
        let request = ModifyRecordsRequest(
            saves: [RecordSave(stale, changedKeys: ["title", "color"])], savePolicy: .changedKeys)
        let result = try await simulator.modifyRecords(request)
        let merged = try result.saves[0].result.get()
        #expect(merged["title"] == .string("new title"))
        #expect(merged["body"] == .string("other device"))
        #expect(merged["color"] == nil)
    }

    @Test func allKeysWritesEveryKeyTheRecordHoldsWhateverTheTag() async throws {
        let simulator = try await simulatorWithNoteZone()
        var base = Fixtures.noteRecord("n1", title: "a")
        base["body"] = .string("b")
        base["color"] = .string("red")
        let saved = try await save([base], to: simulator)[0]
        _ = try await save([saved], to: simulator)  // the server's tag moves on
        var stale = saved
        stale["title"] = .string("written")
        stale.fields["color"] = nil
        stale.encryptedFields["color"] = .string("blue")
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(stale)], savePolicy: .allKeys))
        let written = try result.saves[0].result.get()
        #expect(written["title"] == .string("written"))
        #expect(written.fields["color"] == nil)
        #expect(written.encryptedFields["color"] == .string("blue"), "written as the client holds it")
        #expect(written["body"] == .string("b"))
        #expect(await simulator.serverRecord(saved.id) == written)
    }

    // "Any previously committed server values for keys that were not locally edited are left unchanged":
    // https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy
    @Test(arguments: SavePolicy.allCases)
    func aSaveKeepsTheServerFieldsTheRecordDoesNotHold(policy: SavePolicy) async throws {
        let simulator = try await simulatorWithNoteZone()
        var base = Fixtures.noteRecord("n1", title: "a")
        base["body"] = .string("b")
        base.encryptedFields["secret"] = .string("s")
        let saved = try await save([base], to: simulator)[0]
        // The client's record holds only the title, on the server's tag (so ifServerRecordUnchanged saves too).
        var partial = Record(recordType: "Note", id: saved.id, system: saved.system)
        partial["title"] = .string("new title")
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(partial)], savePolicy: policy))
        let written = try result.saves[0].result.get()
        #expect(written["title"] == .string("new title"))
        #expect(written.fields["body"] == .string("b"))
        #expect(written.encryptedFields["secret"] == .string("s"))
        #expect(written.system.changeTag != saved.system.changeTag)
        #expect(await simulator.serverRecord(saved.id) == written)
    }

    @Test(arguments: SavePolicy.allCases)
    func aChangedKeyTheRecordLacksRemovesTheField(policy: SavePolicy) async throws {
        let simulator = try await simulatorWithNoteZone()
        var base = Fixtures.noteRecord("n1", title: "a")
        base["body"] = .string("b")
        base.encryptedFields["secret"] = .string("s")
        base["color"] = .string("red")
        let saved = try await save([base], to: simulator)[0]
        var edited = saved
        edited["body"] = nil
        edited["secret"] = nil
        edited["title"] = .string("not listed")
        let save = RecordSave(edited, changedKeys: ["body", "secret"])
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [save], savePolicy: policy))
        let written = try result.saves[0].result.get()
        #expect(written["body"] == nil)
        #expect(written["secret"] == nil)
        #expect(written["title"] == .string("a"), "a key not listed is not written")
        #expect(written["color"] == .string("red"))
        #expect(await simulator.serverRecord(saved.id) == written)
    }

    @Test(arguments: SavePolicy.allCases)
    func theParentIsWrittenWithEverySave(policy: SavePolicy) async throws {
        let simulator = try await simulatorWithNoteZone()
        let saved = try await save([Fixtures.noteRecord("n1")], to: simulator)[0]
        var child = saved
        child.system.parent = Reference(recordID: Fixtures.id("folder"), action: .none)
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(
            saves: [RecordSave(child, changedKeys: [])], savePolicy: policy))
        #expect(try result.saves[0].result.get().system.parent == child.system.parent)
        #expect(try result.saves[0].result.get()["title"] == .string("t"))
    }

    @Test func aNewRecordSavedWithChangedKeysHoldsOnlyThoseKeys() async throws {
        let simulator = try await simulatorWithNoteZone()
        var record = Fixtures.noteRecord("n1", title: "a")
        record["body"] = .string("b")
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(
            saves: [RecordSave(record, changedKeys: ["body", "gone"])], savePolicy: .changedKeys))
        let written = try result.saves[0].result.get()
        #expect(written.fields == ["body": .string("b")])
        #expect(written.encryptedFields.isEmpty)
    }

    @Test func serverSaveKeepsTheFieldsTheRecordLacksUnlessRemoved() async throws {
        let simulator = try await simulatorWithNoteZone()
        var base = Fixtures.noteRecord("n1", title: "a")
        base["body"] = .string("b")
        base["color"] = .string("red")
        let saved = try await save([base], to: simulator)[0]
        var other = Fixtures.noteRecord("n1", title: "from another device")
        other["color"] = .string("blue")
        let kept = try await simulator.serverSave([other])[0]
        #expect(kept.fields == ["body": .string("b"), "color": .string("blue"), "title": .string("from another device")])
        #expect(kept.system.creationDate == saved.system.creationDate)
        let removed = try await simulator.serverSave([other], removing: ["body", "color"])[0]
        #expect(removed.fields == ["color": .string("blue"), "title": .string("from another device")], "a key the record holds is written, not removed")
    }

    @Test func aRecordTypeCannotChange() async throws {
        let simulator = try await simulatorWithNoteZone()
        let saved = try await save([Fixtures.noteRecord("n1")], to: simulator)[0]
        var other = saved
        other.recordType = "Folder"
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(other)]))
        guard case .invalidArguments? = result.saves[0].error else {
            Issue.record("expected invalidArguments, got \(String(describing: result.saves[0].error))")
            return
        }
    }

    @Test func aRecordNamedTwiceInOneRequestIsRefused() async throws {
        let simulator = try await simulatorWithNoteZone()
        let record = Fixtures.noteRecord("n1")
        await #expect(throws: CloudError.self) {
            _ = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record)], deletes: [record.id]))
        }
        #expect(await simulator.serverRecord(record.id) == nil)
    }

    @Test func deletingARecordTheServerDoesNotHoldIsUnknownItem() async throws {
        let simulator = try await simulatorWithNoteZone()
        let id = Fixtures.id("missing")
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(deletes: [id]))
        #expect(result.deletes[0].error == .unknownItem(id))
        let fetched = try await simulator.fetchRecords([id])
        #expect(fetched[0].error == .unknownItem(id))
    }

    @Test func sameSeedSameTagsOtherSeedOtherTags() async throws {
        func tags(seed: UInt64) async throws -> [String?] {
            let simulator = try await simulatorWithNoteZone(seed: seed)
            return try await save((0..<5).map { Fixtures.noteRecord("n\($0)") }, to: simulator).map(\.system.changeTag)
        }
        #expect(try await tags(seed: 7) == tags(seed: 7))
        #expect(try await tags(seed: 7) != tags(seed: 8))
    }
}
