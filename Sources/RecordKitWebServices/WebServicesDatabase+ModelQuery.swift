import Foundation
import RecordKit
import RecordKitSync

/// A record a query returned that the model cannot decode (a newer version it rejects, a field of the wrong kind),
/// with the reason. Reported beside the decoded models, never dropped silently.
public struct UndecodableRecord: Sendable, Hashable {
    /// The record as the server sent it.
    public var record: Record
    /// Why the model refused it; names the record type, record and field.
    public var error: RecordDecodingError

    /// Creates a report.
    public init(record: Record, error: RecordDecodingError) {
        self.record = record
        self.error = error
    }
}

/// One page of a typed query: the decoded models, the records that did not decode, and the next page's marker.
public struct ModelQueryPage<Model: RecordModel>: Sendable {
    /// The models, in the server's order.
    public var models: [Model]
    /// The records of the page the model could not decode.
    public var undecodable: [UndecodableRecord]
    /// Pass to the next ``WebServicesDatabase/queryPage(_:continuationMarker:)``; nil on the last page.
    public var continuationMarker: String?
    /// Every record of the page as the server sent it, decodable or not, in the server's order: what a store
    /// keeps (it keeps the records a model cannot decode too).
    public var records: [Record]

    /// Decodes a page of records into models, keeping the ones that fail with their errors.
    public init(records: [Record], continuationMarker: String?) {
        var models: [Model] = [], undecodable: [UndecodableRecord] = []
        for record in records {
            do {
                models.append(try Model(record: record))
            } catch {
                undecodable.append(UndecodableRecord(record: record, error: error))
            }
        }
        self.models = models
        self.undecodable = undecodable
        self.continuationMarker = continuationMarker
        self.records = records
    }
}

/// Why a typed query failed: refused before sending (the schema lacks an index it needs), or by the server.
public enum TypedQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `ModelQuery.validate()` refused the query; nothing was sent.
    case invalidQuery(ModelQueryError)
    /// The request failed.
    case cloud(CloudError)

    public var description: String {
        switch self {
        case let .invalidQuery(error): "query refused before sending: \(error)"
        case let .cloud(error): error.description
        }
    }
}

extension WebServicesDatabase {
    /// records/query with a typed query: validates it against the schema's indexes (refusing before any request),
    /// sends one page from `continuationMarker` (nil for the first), and decodes the records into models.
    public func queryPage<Model>(
        _ query: ModelQuery<Model>, continuationMarker: String? = nil
    ) async throws(TypedQueryError) -> ModelQueryPage<Model> {
        let page = try await queryRecords(query, continuationMarker: continuationMarker)
        return ModelQueryPage(records: page.records, continuationMarker: page.continuationMarker)
    }

    /// One page of a typed query's records, undecoded, after validating the query.
    func queryRecords<Model>(_ query: ModelQuery<Model>, continuationMarker: String?) async throws(TypedQueryError) -> QueryPage {
        do {
            try query.validate()
        } catch {
            throw .invalidQuery(error)
        }
        do throws(CloudError) {
            let zone = query.zoneID ?? .default
            let body = try query.webServicesRequestBody(continuationMarker: continuationMarker)
            let response = try await perform("records/query", body: body, zoneID: zone)
            let page = try Self.decoded(response, WebServicesJSON.decodeRecordsResponse)
            if let error = page.errors.first { throw WebServicesErrorMapping.cloudError(for: error, zoneID: zone) }
            return QueryPage(records: page.records, continuationMarker: page.continuationMarker)
        } catch {
            throw .cloud(error)
        }
    }

    /// Every page of a typed query, following continuation markers, as an asynchronous sequence.
    public nonisolated func pages<Model>(_ query: ModelQuery<Model>) -> ModelQueryPages<Model> {
        ModelQueryPages(database: self, query: query)
    }
}

/// The pages of a typed query, fetched one at a time as the sequence is iterated; see
/// ``WebServicesDatabase/pages(_:)``. Its first error ends it.
public struct ModelQueryPages<Model: QueryableRecordModel>: AsyncSequence, Sendable {
    public typealias Element = ModelQueryPage<Model>
    let database: WebServicesDatabase
    let query: ModelQuery<Model>

    public func makeAsyncIterator() -> Iterator { Iterator(database: database, query: query) }

    /// Fetches the next page from the last page's continuation marker.
    public struct Iterator: AsyncIteratorProtocol {
        let database: WebServicesDatabase
        let query: ModelQuery<Model>
        var marker: String?
        var finished = false

        init(database: WebServicesDatabase, query: ModelQuery<Model>) {
            self.database = database
            self.query = query
        }

        public mutating func next() async throws(TypedQueryError) -> ModelQueryPage<Model>? {
            if finished { return nil }
            let page: ModelQueryPage<Model>
            do {
                page = try await database.queryPage(query, continuationMarker: marker)
            } catch {
                finished = true
                throw error
            }
            marker = page.continuationMarker
            finished = marker == nil
            return page
        }
    }
}
