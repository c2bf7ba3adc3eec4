import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Stores a fetched page and its zone token in one transaction, so the token never advances past records
    /// that are not stored.
    ///
    /// A changed record with no pending local change replaces the local value. Over a pending save it is merged
    /// with the model's `merge(ancestor:client:server:)` against the stored ancestor; the result keeps the
    /// server's system fields, except the parent, which merges like a field, and stays pending (with a new
    /// generation). Over a pending delete only the ancestor is updated. A record deleted on the server is
    /// removed, unless a local save is pending and the model's `deleteConflict` rule is `editWins` (the
    /// default): then the local value stays, to be created again.
    ///
    /// Records of different types never merge: a changed record whose ID the store holds as another type takes
    /// the ID, and the local record is reported whole in ``ApplyReport/displaced``. A record the store cannot
    /// keep (a NUL in its name) is skipped and reported in ``ApplyReport/skipped``; the rest and the token are
    /// stored. The last page of a fetch started with ``beginRefetch(_:)`` ends it.
    @discardableResult
    public func apply(_ page: FetchedPage) throws(RecordStoreError) -> ApplyReport {
        // A record skipped for its assets still counts as listed by a refetch: it is on the server.
        let prepared = prepareServerRecords(page.changed)
        return try write(releasing: prepared.pins) { db in try applyServerChanges(db, prepared, page: page) }
    }

    /// Server records ready for their transaction: their assets taken into the folder (issue 26), their records
    /// encoded; a record whose assets cannot be taken in is left out and reported.
    struct PreparedServerRecords: Sendable {
        var encoded: [(record: RecordKit.Record, bytes: Data)]
        /// The asset digests pinned until the transaction ends (see ``write(releasing:_:)``).
        var pins: [String]
        var skipped: [SkippedRecord]
    }

    /// Takes server records' assets out of CloudKit's cache into the folder and encodes the records, before the
    /// transaction that stores them.
    func prepareServerRecords(_ records: [RecordKit.Record]) -> PreparedServerRecords {
        let adopted = adoptServerAssets(records)
        return PreparedServerRecords(
            encoded: adopted.records.map { (record: $0, bytes: NativeArchive.encode($0)) }, pins: adopted.pins,
            skipped: adopted.skipped)
    }

    /// Stores server records that came without a page, such as the server records of conflicts
    /// (`serverRecordChanged`): merged over pending edits exactly as ``apply(_:)`` does, no token changed.
    @discardableResult
    public func apply(serverRecords: [RecordKit.Record]) throws(RecordStoreError) -> ApplyReport {
        let prepared = prepareServerRecords(serverRecords)
        return try write(releasing: prepared.pins) { db in try applyServerRecords(db, prepared) }
    }

    /// Stores server records that came without a page inside a write transaction (see ``apply(serverRecords:)``);
    /// the records left out for their assets are reported first.
    func applyServerRecords(_ db: Database, _ prepared: PreparedServerRecords) throws -> ApplyReport {
        var report = ApplyReport()
        report.skipped = prepared.skipped
        try applyChanged(db, encoded: prepared.encoded, report: &report)
        return report
    }

    /// Applies a fetched page's prepared records inside a write transaction (see ``apply(_:)``); the records left
    /// out for their assets are reported after what the page itself skipped.
    func applyServerChanges(_ db: Database, _ prepared: PreparedServerRecords, page: FetchedPage) throws -> ApplyReport {
        var report = try applyServerChanges(db, encoded: prepared.encoded, page: page)
        report.skipped += prepared.skipped
        return report
    }

    /// Applies a fetched page inside a write transaction (see ``apply(_:)``).
    func applyServerChanges(
        _ db: Database, encoded: [(record: RecordKit.Record, bytes: Data)], page: FetchedPage
    ) throws -> ApplyReport {
        var report = ApplyReport()
        try applyChanged(db, encoded: encoded, report: &report)
        for id in page.deleted {
            do {
                try RowCoding.checkStorable(id)
            } catch {
                report.skipped.append(SkippedRecord(id: id, error: error))
                continue
            }
            try applyServerDeletion(db, id: id, report: &report)
        }
        try applyShares(db, page)
        if let token = page.token {
            try noteListed(db, page, report: &report)
            try db.execute(sql: """
                INSERT INTO \(schema.zones) (ownerName, zoneName, token, zoneExists) VALUES (?, ?, ?, 1)
                ON CONFLICT (ownerName, zoneName) DO UPDATE SET token = excluded.token, zoneExists = 1
                """, arguments: try RowCoding.arguments(page.zoneID) + [NativeArchive.encode(token)])
        }
        return report
    }

    /// Stores changed server records, merging them over pending saves of the same type.
    func applyChanged(_ db: Database, encoded: [(record: RecordKit.Record, bytes: Data)], report: inout ApplyReport) throws {
        let table = schema.records
        let select = try db.cachedStatement(sql: """
            SELECT recordType, value, server, pending, generation FROM \(table) WHERE \(RecordIDFilter.sql)
            """)
        let upsert = try db.cachedStatement(sql: """
            INSERT INTO \(table) (ownerName, zoneName, recordName, recordType, value, server, pending, generation)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (ownerName, zoneName, recordName) DO UPDATE
            SET recordType = excluded.recordType, value = excluded.value, server = excluded.server,
                pending = excluded.pending, generation = excluded.generation
            """)
        let layout = StoredRow.Layout(select)
        var fresh = try FetchedRowInsert(db, sql: fetchedRows, references: assetReferences, projection: projectionRows)
        var held = try FetchedRowInsert.held(db, encoded.map(\.record.id), table: table)
        for (record, bytes) in encoded {
            let id = record.id
            do {
                try RowCoding.checkStorable(id, recordType: record.recordType)
            } catch {
                report.skipped.append(SkippedRecord(id: id, error: error))
                continue
            }
            let filter = try RecordIDFilter(id)
            var row: Row?
            if held.contains(id) {
                try fresh.flush(db)  // the row may be one of those queued
                row = try Row.fetchOne(select, arguments: filter.arguments)
            }
            guard let row else {
                // A record the store does not hold: a new row, its derived rows written from the record in hand.
                try fresh.insert(db, record: record, bytes: bytes)
                held.insert(id)  // the same ID again later in the page is a change of this row
                continue
            }
            var value: Data? = bytes
            var pending = PendingCode.none.rawValue
            var generation: Int64 = 0
            let stored: (type: String, code: PendingCode, generation: Int64, local: Data?, ancestor: Data?)
            do throws(RecordStoreError) {
                let columns = StoredRow(row, table: table, id: id, layout: layout)
                stored = (
                    try columns.recordType, try columns.pendingCode, try columns.generation, try columns.localBytes,
                    try columns.serverBytes)
            } catch {
                // A damaged row is kept as it is, as a corrupt local copy is: only its server copy is updated.
                report.unmerged.append(error)
                try db.execute(
                    sql: "UPDATE \(table) SET server = ? WHERE \(RecordIDFilter.sql)", arguments: [bytes] + filter.arguments)
                continue
            }
            if stored.type != record.recordType {
                // Records of different types never merge: the server's record takes the ID, unchanged.
                if stored.code == .save, let local = stored.local {
                    do {
                        report.displaced.append(try RowCoding.record(local, id: id, recordType: stored.type, copy: .local))
                    } catch {
                        report.unmerged.append(error)
                    }
                }
            } else if stored.code != .none {
                pending = stored.code.rawValue
                generation = stored.generation
                if stored.code == .save, let local = stored.local {
                    // The merged value is a new edit: a send of the old one must not clear it.
                    generation = try reserveGenerations(db, count: 1)
                    value = merge(id: id, local: local, ancestor: stored.ancestor, server: record, report: &report)
                } else {
                    value = nil
                }
            }
            try upsert.execute(arguments: [
                id.zoneID.ownerName, id.zoneID.zoneName, id.recordName, record.recordType, value, bytes, pending, generation,
            ])
        }
        try fresh.flush(db)
    }

    /// Applies the server's deletion of a record: the row goes, unless a local save is pending and the rule of
    /// its type is `editWins`; then only its server copy goes, and the save creates the record again.
    func applyServerDeletion(_ db: Database, id: RecordID, report: inout ApplyReport) throws {
        let table = schema.records
        let arguments = try RecordIDFilter(id).arguments
        let row = try Row.fetchOne(
            db, sql: "SELECT recordType, value, pending FROM \(table) WHERE \(RecordIDFilter.sql)", arguments: arguments)
        guard let row else { return }
        let stored = StoredRow(row, table: table, id: id)
        let recordType = try? stored.recordType
        if (try? stored.pendingCode) == .save {
            guard let recordType, merges.deleteConflict(for: recordType) == .deleteWins else {
                try db.execute(sql: "UPDATE \(table) SET server = NULL WHERE \(RecordIDFilter.sql)", arguments: arguments)
                return
            }
            do {
                if let local = try stored.localRecord() { report.discardedEdits.append(local) }
            } catch {
                report.unmerged.append(error)
            }
        }
        try db.execute(sql: "DELETE FROM \(table) WHERE \(RecordIDFilter.sql)", arguments: arguments)
    }

    /// The merged local value of a record with a pending save that the server changed.
    private func merge(id: RecordID, local: Data, ancestor: Data?, server: RecordKit.Record, report: inout ApplyReport) -> Data {
        let recordType = server.recordType
        let client: RecordKit.Record
        do {
            client = try RowCoding.record(local, id: id, recordType: recordType, copy: .local)
        } catch {
            // A corrupt local copy cannot be merged; it stays as it is (and pending) rather than block the page.
            report.unmerged.append(error)
            return local
        }
        // A corrupt ancestor merges as no ancestor: the local value is then taken as changed throughout.
        let base = ancestor.flatMap { try? NativeArchive.decodeRecord($0) }
        report.merged.append(id)
        if let modelMerge = merges.merge(for: recordType) {
            do {
                // The model's merge takes the server's system fields but merges the parent like a field.
                return NativeArchive.encode(try modelMerge(base, client, server))
            } catch {
                report.mergedWithoutModel.append(.undecodable(id, recordType: recordType, error))
            }
        } else {
            report.mergedWithoutModel.append(.undecodable(
                id, recordType: recordType, .wrongRecordType(expected: "a registered model", found: recordType, recordName: id.recordName)))
        }
        return NativeArchive.encode(FieldwiseMerge.merge(ancestor: base, client: client, server: server))
    }

    /// Records what the server accepted. A saved record becomes the ancestor; its pending save is cleared only if
    /// its generation is the one sent (an edit made during the send stays pending). A deleted record's
    /// tombstone is removed only for the generation sent.
    public func markSent(_ changes: [SentChange]) throws(RecordStoreError) {
        let (changes, pins) = adoptAssets(changes)  // Assets (issue 26)
        try write(releasing: pins) { db in try markSent(db, changes) }
    }

    /// Records what the server accepted inside a write transaction (see ``markSent(_:)``).
    func markSent(_ db: Database, _ changes: [SentChange]) throws {
        let table = schema.records
        for change in changes {
            switch change {
            case let .saved(record, sentGeneration):
                let arguments = try RecordIDFilter(record.id).arguments
                let bytes = NativeArchive.encode(record)
                let row = try Row.fetchOne(
                    db, sql: "SELECT pending, generation FROM \(table) WHERE \(RecordIDFilter.sql)", arguments: arguments)
                guard let row else {
                    // Deleted locally while its first save was in flight: the server has it now, so queue its deletion.
                    let generation = try reserveGenerations(db, count: 1)
                    try db.execute(sql: """
                        INSERT INTO \(table) (ownerName, zoneName, recordName, recordType, value, server, pending, generation)
                        VALUES (?, ?, ?, ?, NULL, ?, \(PendingCode.delete.rawValue), ?)
                        """, arguments: arguments + [record.recordType, bytes, generation])
                    continue
                }
                // A damaged pending code or generation reads as an edit made during the send: the local value
                // stays as it is, only the server copy is updated.
                let stored = StoredRow(row, table: table, id: record.id)
                let pending = try? stored.pendingCode
                let generation = try? stored.generation
                if pending == .save && generation == sentGeneration || pending == PendingCode.none {
                    try db.execute(sql: """
                        UPDATE \(table) SET value = ?, server = ?, pending = 0, generation = 0 WHERE \(RecordIDFilter.sql)
                        """, arguments: [bytes, bytes] + arguments)
                } else {
                    try db.execute(sql: "UPDATE \(table) SET server = ? WHERE \(RecordIDFilter.sql)", arguments: [bytes] + arguments)
                }
            case let .deleted(id, sentGeneration):
                let arguments = try RecordIDFilter(id).arguments
                try db.execute(sql: """
                    DELETE FROM \(table) WHERE \(RecordIDFilter.sql)
                    AND (pending = 0 OR (pending = \(PendingCode.delete.rawValue) AND generation = ?))
                    """, arguments: arguments + [sentGeneration])
                // A save made after the deletion was sent stays pending, to create the record again.
                try db.execute(sql: "UPDATE \(table) SET server = NULL WHERE \(RecordIDFilter.sql)", arguments: arguments)
            }
        }
    }

    /// Forgets what the store knows of a zone's server side: its token and the server copies of its records
    /// (when the zone was deleted; after `changeTokenExpired` use ``beginRefetch(_:)``, which keeps the ancestors). Records with no pending change are removed,
    /// to be fetched again. With `keepingLocalChanges`, pending saves and deletes stay queued (a save then
    /// creates the record anew); without, they are dropped too.
    public func forgetZone(_ zoneID: RecordZoneID, keepingLocalChanges: Bool) throws(RecordStoreError) {
        let zone = try RowCoding.arguments(zoneID)
        try write { db in try forgetZone(db, zone: zone, keepingLocalChanges: keepingLocalChanges) }
    }

    /// Forgets a zone's server side inside a write transaction (see ``forgetZone(_:keepingLocalChanges:)``).
    func forgetZone(_ db: Database, zone: StatementArguments, keepingLocalChanges: Bool) throws {
        let table = schema.records
        if keepingLocalChanges {
            try db.execute(sql: "DELETE FROM \(table) WHERE ownerName = ? AND zoneName = ? AND pending = 0", arguments: zone)
            try db.execute(sql: "UPDATE \(table) SET server = NULL WHERE ownerName = ? AND zoneName = ?", arguments: zone)
        } else {
            try db.execute(sql: "DELETE FROM \(table) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
        }
        try db.execute(sql: "DELETE FROM \(schema.zones) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
        try dropRefetchNotes(db, zone: zone)
        try dropShares(db, zone: zone)
    }
}
