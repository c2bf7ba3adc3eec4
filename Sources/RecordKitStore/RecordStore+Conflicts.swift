import Foundation
import GRDB
import RecordKit

/// What settling conflicts (`serverRecordChanged`) did, record by record.
public struct ConflictSettlement: Sendable, Hashable {
    /// What storing the server records did beyond storing them (merges, records merged without their model,
    /// displaced records, …).
    public var report: ApplyReport
    /// Records whose merge left the server's values and parent as they were (a save whose response was lost):
    /// marked sent, nothing is left to send.
    public var settled: [RecordID] = []
    /// Records whose merged value differs from the server's: pending on the server's change tag, to send again.
    public var toSendAgain: [RecordID] = []
}

extension RecordStore {
    /// Settles the conflicts of a send, in one transaction: each server record is merged over the pending edit
    /// with the schema's rule against the stored ancestor, exactly as ``apply(serverRecords:)`` does; a merge that
    /// leaves the server's values and parent unchanged is then marked sent (``markSent(_:)``) instead of sent
    /// again. A record whose row cannot be read stays as it is, in neither list.
    public func settleConflicts(serverRecords: [RecordKit.Record]) throws(RecordStoreError) -> ConflictSettlement {
        let prepared = prepareServerRecords(serverRecords)
        return try write(releasing: prepared.pins) { db in try settleConflicts(db, prepared) }
    }

    /// Settles conflicts inside a write transaction (see ``settleConflicts(serverRecords:)``); server records whose
    /// assets could not be taken into the folder are reported as skipped.
    func settleConflicts(_ db: Database, _ prepared: PreparedServerRecords) throws -> ConflictSettlement {
        let serverRecords = prepared.encoded.map(\.record)
        var settlement = ConflictSettlement(report: ApplyReport())
        settlement.report.skipped = prepared.skipped
        try applyChanged(db, encoded: prepared.encoded, report: &settlement.report)
        var settled: [SentChange] = []
        for server in serverRecords {
            guard let row = try StoredRow.fetch(db, schema: schema, id: server.id),
                case let .save(generation)? = try? row.pendingChange(),
                let local = try? row.localRecord()
            else { continue }
            if local.holdsTheSameValues(as: server) {
                settled.append(.saved(serverRecord: server, generation: generation))
                settlement.settled.append(server.id)
            } else {
                settlement.toSendAgain.append(server.id)
            }
        }
        try markSent(db, settled)
        return settlement
    }
}
