import Foundation

/// CloudKit Web Services JSON: records, responses, requests and error bodies, to and from ``Record``.
///
/// Decoding scans the UTF-8 bytes once, with no intermediate tree, and fails with a ``WebServicesError`` that
/// names the JSON path and byte offset. Encoding is deterministic: members in byte order, no whitespace.
/// Generated models read JSON through ``Record``: `try Note(record: WebServicesJSON.decodeRecord(data))`.
///
/// Mapping notes: timestamps are whole milliseconds since 1970, converted through Int64 so they round-trip
/// exactly; `ENCRYPTED_BYTES` fields go to ``Record/encryptedFields``; a missing `ownerRecordName` is
/// ``RecordZoneID/defaultOwnerName``; a reference or record without a zone is in the enclosing record's or
/// body's zone (else the default zone). `created.deviceID` and `pluginFields` have no place in ``Record`` and
/// are not kept; `zoneType` is kept only in ``ZoneInfo``.
public enum WebServicesJSON {
    /// The deepest nesting of objects and arrays accepted.
    public static let maximumDepth = 256

    /// Decodes one record object.
    public static func decodeRecord(_ data: Data) throws(WebServicesError) -> Record {
        try scan(data) { (s: inout JSONScanner) throws(WebServicesError) in
            s.skipWhitespace()
            let start = s.index
            switch try s.readRecordEntry(.response) {
            case let .record(record): return resolvingImplicitZone(record, to: .default)
            case .deleted: throw s.error(.invalidValue("a deleted record (no recordType), not a record"), at: start)
            case let .error(error): throw s.error(.invalidValue("an error entry (\(error)), not a record"), at: start)
            }
        }
    }

    /// Decodes a records/query, records/lookup or records/modify response: records, deletions and per-record
    /// errors, in the order of the body.
    public static func decodeRecordsResponse(_ data: Data) throws(WebServicesError) -> RecordsResponse {
        try scan(data) { (s: inout JSONScanner) throws(WebServicesError) in
            let body = try s.readRecordsBody()
            guard body.hasRecords else { throw s.error(.missingKey("records"), at: 0) }
            return body.recordsResponse
        }
    }

    /// Decodes a records/changes response: changed records, deleted record IDs, `syncToken`, `moreComing`.
    public static func decodeChangesResponse(_ data: Data) throws(WebServicesError) -> ChangesResponse {
        try scan(data) { (s: inout JSONScanner) throws(WebServicesError) in
            let body = try s.readRecordsBody()
            guard body.hasRecords else { throw s.error(.missingKey("records"), at: 0) }
            return body.changes
        }
    }

    /// Decodes a changes/zone response: one change page per zone, in order.
    public static func decodeZoneChangesResponse(_ data: Data) throws(WebServicesError) -> [ChangesResponse] {
        try scan(data) { (s: inout JSONScanner) throws(WebServicesError) in try s.readZonesBody().changes }
    }

    /// Decodes a zones/list, zones/lookup or changes/database response.
    public static func decodeZonesResponse(_ data: Data) throws(WebServicesError) -> ZonesResponse {
        try scan(data) { (s: inout JSONScanner) throws(WebServicesError) in try s.readZonesBody().zones }
    }

    /// Decodes the body of a failed request.
    public static func decodeErrorBody(_ data: Data) throws(WebServicesError) -> WebServicesServerError {
        try scan(data) { (s: inout JSONScanner) throws(WebServicesError) in try s.readErrorBody() }
    }

    /// Decodes a records/modify request body.
    public static func decodeModifyRequest(_ data: Data) throws(WebServicesError) -> ModifyRequest {
        try scan(data) { (s: inout JSONScanner) throws(WebServicesError) in try s.readModifyRequest() }
    }

    /// Recognises which kind of body `data` is, from its top-level members, and decodes it.
    ///
    /// `serverErrorCode` → error body; `operations` → modify request; `query` → query request; `batch` → batch
    /// of query requests or responses; `zones` → zone changes when a zone holds `records`, else zones;
    /// `records` → changes response when `moreComing` is present, else records response; `singleFile` and
    /// `tokens` → asset upload answers; `recordName` or `recordType` → one record; `{}` → empty.
    public static func contents(of data: Data) throws(WebServicesError) -> WebServicesContents {
        try scan(data) { (s: inout JSONScanner) throws(WebServicesError) in
            let keys = try s.topLevelKeys()
            let has = Set(keys)
            if keys.isEmpty {
                try s.skipValue()
                return .empty
            }
            if has.contains("serverErrorCode") { return .errorBody(try s.readErrorBody()) }
            if has.contains("operations") { return .modifyRequest(try s.readModifyRequest()) }
            if has.contains("query") { return .queryRequest([try s.readQueryRequest()]) }
            if has.contains("batch") { return try s.readBatch() }
            if has.contains("zones") {
                let body = try s.readZonesBody()
                return body.hasChanges ? .zoneChangesResponse(body.changes) : .zonesResponse(body.zones)
            }
            if has.contains("records") {
                let body = try s.readRecordsBody()
                return has.contains("moreComing") ? .changesResponse(body.changes) : .recordsResponse(body.recordsResponse)
            }
            if has.contains("singleFile") { return .assetUpload(try s.readAssetUpload()) }
            if has.contains("tokens") { return .assetUploadTokens(try s.readAssetUploadTokens()) }
            if has.contains("recordName") || has.contains("recordType") {
                s.skipWhitespace()
                let start = s.index
                switch try s.readRecordEntry(.response) {
                case let .record(record): return .record(resolvingImplicitZone(record, to: .default))
                case let .deleted(id): return .recordsResponse(RecordsResponse(results: [.deleted(id.zoneID == .implicit ? RecordID(recordName: id.recordName) : id)]))
                case .error: throw s.error(.invalidValue("an error entry where a record was expected"), at: start)
                }
            }
            throw s.error(.unrecognizedBody(keys: keys), at: 0)
        }
    }

    /// Encodes a record with everything it holds (ID, type, change tag, fields, dates, users, parent, share).
    public static func encodeRecord(_ record: Record) throws(WebServicesError) -> Data {
        var encoder = WebServicesRecordEncoder()
        try encoder.record(record, form: .full)
        return Data(encoder.writer.bytes)
    }

    /// Encodes a records/modify request. Saves send the change tag when the operation checks it (update,
    /// replace); deletes send only the record name and, for `delete`, the tag. Records in `zoneID` do not
    /// repeat it.
    public static func encodeModifyRequest(operations: [RecordOperation], atomic: Bool? = nil,
                                           zoneID: RecordZoneID = .default) throws(WebServicesError) -> Data {
        var encoder = WebServicesRecordEncoder()
        try encoder.modifyRequest(operations: operations, atomic: atomic, zoneID: zoneID)
        return Data(encoder.writer.bytes)
    }

    /// Encodes a records response (records, deletions and per-record errors, in order), for servers and tests.
    public static func encodeRecordsResponse(_ response: RecordsResponse) throws(WebServicesError) -> Data {
        var encoder = WebServicesRecordEncoder()
        try encoder.recordsResponse(response.results, syncToken: response.syncToken,
                                    continuationMarker: response.continuationMarker, moreComing: nil, zoneID: nil)
        return Data(encoder.writer.bytes)
    }

    /// Encodes a records/changes response.
    public static func encodeChangesResponse(_ response: ChangesResponse) throws(WebServicesError) -> Data {
        var encoder = WebServicesRecordEncoder()
        let results = response.records.map(RecordResult.record) + response.deletedRecordIDs.map(RecordResult.deleted)
            + response.errors.map(RecordResult.error)
        try encoder.recordsResponse(results, syncToken: response.syncToken, continuationMarker: nil,
                                    moreComing: response.moreComing, zoneID: response.zoneID)
        return Data(encoder.writer.bytes)
    }

    /// Encodes a zones/list or changes/database response.
    public static func encodeZonesResponse(_ response: ZonesResponse) -> Data {
        var encoder = WebServicesRecordEncoder()
        encoder.zonesResponse(response)
        return Data(encoder.writer.bytes)
    }

    /// Encodes a changes/zone response, one entry per page.
    public static func encodeZoneChangesResponse(_ pages: [ChangesResponse]) throws(WebServicesError) -> Data {
        var encoder = WebServicesRecordEncoder()
        try encoder.zoneChangesResponse(pages)
        return Data(encoder.writer.bytes)
    }

    /// Encodes an error body (or a per-record error entry).
    public static func encodeErrorBody(_ error: WebServicesServerError) -> Data {
        var encoder = WebServicesRecordEncoder()
        encoder.errorEntry(error)
        return Data(encoder.writer.bytes)
    }

    /// Runs `body` over the bytes of `data` and requires that nothing but whitespace follows.
    static func scan<T>(_ data: Data, _ body: (inout JSONScanner) throws(WebServicesError) -> T) throws(WebServicesError) -> T {
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<T, WebServicesError> in
            var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self), maxDepth: maximumDepth)
            return Result { () throws(WebServicesError) -> T in
                let value = try body(&scanner)
                try scanner.expectEnd()
                return value
            }
        }
        return try result.get()
    }
}
