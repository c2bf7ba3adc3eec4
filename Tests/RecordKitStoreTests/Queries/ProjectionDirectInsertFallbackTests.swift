import Foundation
import GRDB
import RecordKit
@testable import RecordKitStore
import Testing

/// The direct inserts (a fetched page's new records; a local save's record is its model's, which holds every field)
/// project a record's own values in one walk when
/// it holds every field with the kind the schema gives it, and otherwise rewind and project its model's record (the
/// defaults of missing fields, a value of another kind converted). Either way the row must be the one the insert
/// trigger writes and the one a rebuild from the archives writes, in the one-by-one statements and in the
/// multi-row ones alike.
@Suite struct ProjectionDirectInsertFallbackTests {
    static let zone = RecordZoneID(zoneName: "tallies")

    /// A tally as a server may send it: `count` and `score` left out (the model's defaults: 7, 0.5) or `score` an
    /// integer (the model converts it). `label` comes first in the layout, so the walk of the record's own values has
    /// bound it before it meets the field that sends it back to the model's record.
    static func record(_ index: Int) -> RecordKit.Record {
        var record = RecordKit.Record(recordType: Tally.recordType, id: RecordID(recordName: String(format: "t%03d", index), zoneID: zone))
        record.system.changeTag = "t1"
        record.system.creationDate = Date(timeIntervalSince1970: Double(index))
        record["label"] = .string("tally \(index)")
        switch index % 4 {
        case 0: record["count"] = .int64(Int64(index)); record["score"] = .double(Double(index) / 4)
        case 1: record["score"] = .double(1.5)
        case 2: record["count"] = .int64(2); record["score"] = .int64(Int64(index))
        default: break
        }
        return record
    }

    /// The projection's rows with every column but `_rowid`, by record name.
    static func rows(_ queue: DatabaseQueue) throws -> [[DatabaseValue]] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM recordkit_q_Tally ORDER BY recordName").map { Array($0.databaseValues.dropFirst()) }
        }
    }

    /// Two batches and a few (the multi-row statement, then one by one) in a fetched page, or one record missing
    /// both fields (one by one).
    @Test(arguments: [0..<(2 * 16 + 3), 3..<4])
    func aFetchedRecordMissingFieldsOrWithAnotherKindGetsTheTriggersRowAndTheRebuildsRow(indices: Range<Int>) throws {
        let records = indices.map(Self.record)
        let count = records.count
        let direct = try DatabaseQueue()
        let store = try RecordStore(database: direct, models: [Tally.self], clock: Fixtures.clock)
        try store.apply(FetchedPage(zoneID: Self.zone, changed: records))
        #expect(try store.projectionMismatches() == [])
        let written = try Self.rows(direct)
        #expect(written.count == count)
        // The defaults and the converted integer are what queries see, as the app does.
        let all = try store.fetch(ModelQuery<Tally>())
        #expect(all.count == count)
        let defaults = records.filter { $0["count"] == nil }.map(\.id.recordName)
        #expect(try store.fetch(ModelQuery<Tally>(Tally.Fields.count == 7)).map(\.recordID.recordName).sorted() == defaults)

        // The insert trigger, on rows inserted as another writer would.
        let triggered = try DatabaseQueue()
        _ = try RecordStore(database: triggered, models: [Tally.self], clock: Fixtures.clock)
        try triggered.write { db in
            for record in records {
                try db.execute(
                    sql: """
                        INSERT INTO recordkit_records (ownerName, zoneName, recordName, recordType, value, server, pending, generation)
                        VALUES (?, ?, ?, ?, ?, NULL, 0, 0)
                        """,
                    arguments: [record.id.zoneID.ownerName, record.id.zoneID.zoneName, record.id.recordName, record.recordType,
                                NativeArchive.encode(record)])
            }
        }
        #expect(try Self.rows(triggered) == written)

        // The rebuild: opened without the type its projection goes, opened with it again it is built from the archives.
        _ = try RecordStore(database: direct, models: [], clock: Fixtures.clock)
        #expect(try direct.read { db in try db.tableExists("recordkit_q_Tally") } == false)
        _ = try RecordStore(database: direct, models: [Tally.self], clock: Fixtures.clock)
        #expect(try Self.rows(direct) == written)
    }

    /// A batch statement binds its zone once: rows of two zones in one call (not a fetched page's) go one by one,
    /// and each row keeps its own zone. Two batches' worth of each zone, interleaved.
    @Test func recordsOfTwoZonesInOneCallKeepTheirZones() throws {
        let queue = try DatabaseQueue()
        let store = try RecordStore(database: queue, models: [Tally.self], clock: Fixtures.clock)
        let other = RecordZoneID(zoneName: "other", ownerName: "_someone")
        let records = (0..<(4 * 16)).map { index in
            var record = Self.record(index)
            if index % 2 == 1 { record.id = RecordID(recordName: record.id.recordName, zoneID: other) }
            return record
        }
        try queue.write { db in
            let bypass = TriggerBypass.flag(of: db, scope: .projection)
            for record in records {
                try bypass.bypassing {
                    try db.execute(
                        sql: """
                            INSERT INTO recordkit_records (ownerName, zoneName, recordName, recordType, value, server, pending, generation)
                            VALUES (?, ?, ?, ?, ?, NULL, 0, 0)
                            """,
                        arguments: [record.id.zoneID.ownerName, record.id.zoneID.zoneName, record.id.recordName, record.recordType,
                                    NativeArchive.encode(record)])
                }
            }
            var projection = ProjectionDirectInsert(db, store.projectionRows)
            try projection.insert(records.map { ArchivedRecord(record: $0, bytes: NativeArchive.encode($0)) })
        }
        #expect(try store.projectionMismatches() == [])
        let zones = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT ownerName || '/' || zoneName FROM recordkit_q_Tally ORDER BY 1")
        }
        #expect(zones == ["_someone/other", "\(Self.zone.ownerName)/tallies"].sorted())
        #expect(try Self.rows(queue).count == records.count)
    }
}

/// A hand-written projectable model with defaults and a conversion: `count` defaults to 7, `score` to 0.5 and
/// takes an integer as a double.
struct Tally: ProjectableRecordModel {
    enum Field: String, RecordFieldKey { case label, count, score }
    enum Fields {
        static let count = QueryField<Tally, Int>("count", indexes: [.queryable])
    }

    static let recordType = "Tally"
    static let schemaVersion = 1
    static let mergeClock: MergeClock? = nil
    static let fieldDescriptors = [
        RecordFieldDescriptor("label", .scalar(.string)),
        RecordFieldDescriptor("count", .scalar(.int64), indexes: [.queryable]),
        RecordFieldDescriptor("score", .scalar(.double)),
    ]
    static var recordNameQueryField: QueryField<Tally, RecordID> { .recordName(indexes: []) }
    static var modificationDateQueryField: QueryField<Tally, Date> { .modificationDate(indexes: []) }

    var label: String
    var count: Int
    var score: Double
    var metadata: RecordMetadata

    init(record: RecordKit.Record) throws(RecordDecodingError) {
        guard case let .string(label)? = record["label"] else {
            throw .missingField(recordType: Self.recordType, recordName: record.id.recordName, field: "label")
        }
        self.label = label
        switch record["count"] {
        case let .int64(count)?: self.count = Int(count)
        case nil: count = 7
        case let other?:
            throw .typeMismatch(
                recordType: Self.recordType, recordName: record.id.recordName, field: "count", expected: .scalar(.int64), found: other.type)
        }
        switch record["score"] {
        case let .double(score)?: self.score = score
        case let .int64(score)?: self.score = Double(score)
        case nil: score = 0.5
        case let other?:
            throw .typeMismatch(
                recordType: Self.recordType, recordName: record.id.recordName, field: "score", expected: .scalar(.double), found: other.type)
        }
        metadata = RecordMetadata(recordID: record.id, system: record.system)
    }

    func record() -> RecordKit.Record {
        var record = RecordKit.Record(recordType: Self.recordType, id: metadata.recordID, system: metadata.system)
        record["label"] = .string(label)
        record["count"] = .int64(Int64(count))
        record["score"] = .double(score)
        return record
    }

    static func merge(ancestor: Tally?, client: Tally, server: Tally) -> Tally { server }
}
