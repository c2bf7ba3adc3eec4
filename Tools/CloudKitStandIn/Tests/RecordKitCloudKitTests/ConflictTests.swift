import CloudKit
import Foundation
import RecordKit
import Testing
@testable import RecordKitCloudKitOnStandIn

/// A `serverRecordChanged` error, from CKRecords to the record to save.
@Suite struct ConflictTests {
    init() { _ = Fixtures.registered }

    private func conflictError() throws -> CKError {
        let ancestor = Fixtures.note(title: "Draft", modified: 1000, system: SystemFields(changeTag: "t1"))
        var client = ancestor
        client.pinned = true
        client.tags = ["client"]
        var server = ancestor
        server.title = "Edited elsewhere"
        server.modified = Date(timeIntervalSinceReferenceDate: 2000)
        server.tags = ["server"]
        server.metadata.system = SystemFields(changeTag: "t2", modificationDate: Date(timeIntervalSinceReferenceDate: 2000))
        return CKError(.serverRecordChanged, userInfo: [
            CKRecordChangedErrorAncestorRecordKey: try ancestor.ckRecord(),
            CKRecordChangedErrorClientRecordKey: try client.ckRecord(),
            CKRecordChangedErrorServerRecordKey: try server.ckRecord(),
        ])
    }

    @Test func aConflictResolvesOntoTheServersRecord() throws {
        let error: any Error = try conflictError()
        let conflict = try RecordConflict<Note>(error)
        #expect(conflict.ancestor?.title == "Draft")
        #expect(conflict.client.pinned)
        #expect(conflict.server.title == "Edited elsewhere")

        let toSave = try conflict.resolvedRecord()
        #expect(toSave.recordChangeTag == "t2")
        #expect(toSave !== conflict.serverRecord)
        let saved = try Note(ckRecord: toSave)
        #expect(saved.title == "Edited elsewhere")  // changed on the server only
        #expect(saved.pinned)  // changed on the client only
        #expect(Set(saved.tags) == ["client", "server"])  // lists changed on both sides are united
        #expect(saved == conflict.merged().withSystem(of: conflict.server))
        // The server's record itself is left as it was.
        #expect((conflict.serverRecord.object(forKey: "pinned") as? NSNumber)?.int64Value == 0)
    }

    @Test func anAncestorWithNoFieldsIsNoAncestor() throws {
        let server = try Fixtures.note(title: "S", modified: 5, system: SystemFields(changeTag: "s")).ckRecord()
        let client = try Fixtures.note(title: "C", modified: 9).ckRecord()
        let empty = CKRecord(recordType: "Note", recordID: client.recordID)
        let conflict = try RecordConflict<Note>(ancestor: empty, client: client, server: server)
        #expect(conflict.ancestor == nil)
        let saved = try Note(ckRecord: conflict.resolvedRecord())
        #expect(saved.title == "C")  // changed on both sides: the later edit wins
    }

    /// The server's record in the error has its assets without files: a client's new asset wins, a server's
    /// asset the client did not touch stays the server's CKAsset.
    @Test func serverAssetsWithoutFilesReadAsUnchanged() throws {
        let ancestor = Fixtures.note(title: "Draft", modified: 1000, system: SystemFields(changeTag: "t1"))
        var client = ancestor
        client.text = Asset(fileURL: URL(fileURLWithPath: "/tmp/new-body.txt"))
        var server = ancestor
        server.title = "Edited elsewhere"
        server.modified = Date(timeIntervalSinceReferenceDate: 2000)  // later than the client: it wins conflicts
        server.metadata.system = SystemFields(changeTag: "t2")
        let serverRecord = try server.ckRecord()
        let serverAsset = try Fixtures.assetWithoutFile()
        serverRecord.setObject(serverAsset, forKey: "text")
        serverRecord.setObject(NSArray(array: [serverAsset]), forKey: "attachments")

        let conflict = try RecordConflict<Note>(ancestor: try ancestor.ckRecord(), client: try client.ckRecord(), server: serverRecord)
        let toSave = try conflict.resolvedRecord()
        #expect((toSave.object(forKey: "text") as? CKAsset)?.fileURL == URL(fileURLWithPath: "/tmp/new-body.txt"))
        #expect(toSave.object(forKey: "attachments") === serverRecord.object(forKey: "attachments"))
        #expect((toSave.object(forKey: "title") as? NSString) == "Edited elsewhere")
        #expect(toSave.recordChangeTag == "t2")

        // The client left the body alone: the server's asset stays, untouched.
        let unchanged = try RecordConflict<Note>(ancestor: try ancestor.ckRecord(), client: try ancestor.ckRecord(), server: serverRecord)
        #expect(try unchanged.resolvedRecord().object(forKey: "text") === serverAsset)
        // Outside a conflict, an asset without a file is still an error.
        #expect(throws: RecordDecodingError.self) { try Note(ckRecord: serverRecord) }
    }

    @Test func otherErrorsAreNotConflicts() throws {
        #expect(throws: CloudKitBridgeError.unexpectedError(expected: "CKError.Code.serverRecordChanged", found: "code 11")) {
            try RecordConflict<Note>(CKError(.unknownItem))
        }
        #expect(throws: CloudKitBridgeError.missingConflictRecord(key: "CKRecordChangedErrorClientRecordKey")) {
            try RecordConflict<Note>(CKError(.serverRecordChanged))
        }
        #expect(throws: CloudKitBridgeError.self) { try RecordConflict<Note>(CocoaError(.fileNoSuchFile)) }
    }

    @Test func aServerRecordThatIsNotAModelIsATypedError() throws {
        let client = try Fixtures.note(title: "C", modified: 9).ckRecord()
        let server = CKRecord(recordType: "Note", recordID: client.recordID)
        server.setObject(NSString(string: "x"), forKey: "modified")
        #expect(throws: CloudKitBridgeError.conflictRecord(
            key: "CKRecordChangedErrorServerRecordKey",
            error: .typeMismatch(recordType: "Note", recordName: "note-1", field: "modified", expected: .scalar(.timestamp), found: .scalar(.string))
        )) { try RecordConflict<Note>(ancestor: nil, client: client, server: server) }
    }

    @Test func partialFailuresMapItemByItem() throws {
        let zone = CKRecordZone.ID(zoneName: "notebook", ownerName: CKCurrentUserDefaultName)
        let byItem: [AnyHashable: any Error] = [
            CKRecord.ID(recordName: "b", zoneID: zone): try conflictError(),
            CKRecord.ID(recordName: "a", zoneID: zone): CKError(.batchRequestFailed),
            zone: CKError(.zoneNotFound),
        ]
        let items = try #require(CloudKitItemError.items(of: CKError(.partialFailure, userInfo: [CKPartialErrorsByItemIDKey: byItem])))
        #expect(items.map(\.item) == [
            .record(RecordID(recordName: "a", zoneID: Fixtures.zone)),
            .record(RecordID(recordName: "b", zoneID: Fixtures.zone)),
            .zone(Fixtures.zone),
        ])
        #expect(items[0].failedWithBatch)
        #expect(items[1].isConflict)
        #expect(try RecordConflict<Note>(items[1].error).server.title == "Edited elsewhere")
        #expect(items[2].code == .zoneNotFound)
        #expect(CloudKitItemError.items(of: CKError(.zoneBusy)) == nil)
    }
}

extension Note {
    /// The note with another note's system fields (the merge keeps the server's).
    func withSystem(of other: Note) -> Note {
        var copy = self
        copy.metadata.system = other.metadata.system
        return copy
    }
}
