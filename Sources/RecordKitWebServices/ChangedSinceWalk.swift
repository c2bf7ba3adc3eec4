import Foundation
import RecordKit
import RecordKitSync

/// Where a "changed since" walk over the public database stands, so a server resumes it on its next run (store it
/// as JSON: it is `Codable`). The public database has no change feed; the walk reads records by modification time.
///
/// The boundary: the next query asks for records modified at or after ``modifiedAt`` (not strictly after), since
/// several records can share one millisecond and one of them may be saved after the walk read the others; the
/// records already delivered at exactly ``modifiedAt`` are listed in ``deliveredAtBoundary`` (with their change
/// tags, so a new version saved within the same millisecond still counts as new) and skipped.
public struct ChangedSinceCursor: Sendable, Hashable, Codable {
    /// A record delivered at the boundary time.
    public struct Delivered: Sendable, Hashable, Codable {
        public var recordName: String
        public var changeTag: String?

        public init(recordName: String, changeTag: String?) {
            self.recordName = recordName
            self.changeTag = changeTag
        }
    }

    /// The latest modification time delivered; nil before anything was.
    public var modifiedAt: Date?
    /// The records delivered whose modification time is exactly ``modifiedAt``.
    public var deliveredAtBoundary: Set<Delivered>

    /// A walk from `modifiedAt` on (nil: from the beginning), nothing delivered yet.
    public init(modifiedAt: Date? = nil) {
        self.modifiedAt = modifiedAt
        deliveredAtBoundary = []
    }

    private enum CodingKeys: String, CodingKey { case modifiedAt, deliveredAtBoundary }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        modifiedAt = try container.decodeIfPresent(Date.self, forKey: .modifiedAt)
        deliveredAtBoundary = Set(try container.decode([Delivered].self, forKey: .deliveredAtBoundary))
    }

    /// Writes the boundary's records sorted by name and tag, so one cursor always encodes to the same bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(modifiedAt, forKey: .modifiedAt)
        let sorted = deliveredAtBoundary.sorted { ($0.recordName, $0.changeTag ?? "") < ($1.recordName, $1.changeTag ?? "") }
        try container.encode(sorted, forKey: .deliveredAtBoundary)
    }

    /// Whether the walk already delivered this version of `record`.
    public func hasDelivered(_ record: Record) -> Bool {
        guard let modifiedAt, let time = record.system.modificationDate, time <= modifiedAt else { return false }
        // Earlier than the boundary: delivered before it moved on (the query does not ask for those anyway).
        return time < modifiedAt || deliveredAtBoundary.contains(Delivered(recordName: record.id.recordName, changeTag: record.system.changeTag))
    }

    /// Moves past `record`, delivered now.
    public mutating func advance(past record: Record) {
        guard let time = record.system.modificationDate else { return }
        let delivered = Delivered(recordName: record.id.recordName, changeTag: record.system.changeTag)
        if let modifiedAt, time < modifiedAt { return }
        if let modifiedAt, time == modifiedAt {
            deliveredAtBoundary.insert(delivered)
        } else {
            modifiedAt = time
            deliveredAtBoundary = [delivered]
        }
    }
}

/// One page of a changed-since walk: the records changed since the cursor, decoded, and the cursor past them
/// (store it once the page is processed).
public struct ChangedRecordsPage<Model: RecordModel>: Sendable {
    public var models: [Model]
    public var undecodable: [UndecodableRecord]
    /// Where the walk stands after this page.
    public var cursor: ChangedSinceCursor
}

extension WebServicesDatabase {
    /// The records of `query` saved since `cursor`, oldest modification first, a page at a time; the walk ends when
    /// nothing newer is left. Records saved while it runs are delivered by it or by the next walk from its last
    /// cursor: nothing is missed. Deletions are not seen (a query cannot see them).
    ///
    /// Each page is a fresh query from the cursor (`modificationDate >= cursor`, sorted by modification date),
    /// not a continuation marker, so edits that reorder the records between pages cannot make the walk skip one;
    /// markers are followed only while a whole page holds records already delivered (more records in one
    /// millisecond than a page holds). The query's own filters and page size apply; its sort keys are replaced by
    /// the modification date's. Needs `___modTime` queryable and sortable in the schema.
    public nonisolated func changes<Model>(
        _ query: ModelQuery<Model> = ModelQuery<Model>(), since cursor: ChangedSinceCursor
    ) -> ChangedSinceWalk<Model> {
        ChangedSinceWalk(database: self, query: query, cursor: cursor)
    }
}

/// A changed-since walk; see ``WebServicesDatabase/changes(_:since:)``. Its first error ends it.
public struct ChangedSinceWalk<Model: QueryableRecordModel>: AsyncSequence, Sendable {
    public typealias Element = ChangedRecordsPage<Model>
    let database: WebServicesDatabase
    let query: ModelQuery<Model>
    let cursor: ChangedSinceCursor

    public func makeAsyncIterator() -> Iterator { Iterator(database: database, query: query, cursor: cursor) }

    /// Fetches the next page of records changed since the cursor.
    public struct Iterator: AsyncIteratorProtocol {
        let database: WebServicesDatabase
        let query: ModelQuery<Model>
        var cursor: ChangedSinceCursor
        var finished = false

        public mutating func next() async throws(TypedQueryError) -> ChangedRecordsPage<Model>? {
            if finished { return nil }
            let modified = Model.modificationDateQueryField
            var page = query.filter(modified >= (cursor.modifiedAt ?? Date(timeIntervalSince1970: 0)))
            page.sorts = [modified.ascending]
            var marker: String?
            while true {
                let result: QueryPage
                do {
                    result = try await database.queryRecords(page, continuationMarker: marker)
                } catch {
                    finished = true
                    throw error
                }
                let fresh = result.records.filter { !cursor.hasDelivered($0) }
                if !fresh.isEmpty {
                    for record in fresh { cursor.advance(past: record) }
                    let decoded = ModelQueryPage<Model>(records: fresh, continuationMarker: nil)
                    return ChangedRecordsPage(models: decoded.models, undecodable: decoded.undecodable, cursor: cursor)
                }
                guard let next = result.continuationMarker else {
                    finished = true
                    return nil
                }
                marker = next
            }
        }
    }
}
