import Foundation

/// The members of a body that holds a `records` array (query, lookup, modify, records/changes, one zone of
/// changes/zone), before it is shaped into a response type.
struct RecordsBody {
    var results: [RecordResult] = []
    var hasRecords = false
    var zoneID: RecordZoneID?
    var syncToken: ServerChangeToken?
    var continuationMarker: String?
    var moreComing: Bool?
    var error: WebServicesServerError?

    /// Records without a zone take the body's zone, else the default zone.
    var resolvedResults: [RecordResult] {
        let needsZone = results.contains { result in
            switch result {
            case let .record(record): record.id.zoneID == .implicit
            case let .deleted(id): id.zoneID == .implicit
            case .error: false
            }
        }
        return needsZone ? resolvingImplicitZone(results, to: zoneID ?? .default) : results
    }

    var changes: ChangesResponse {
        var response = ChangesResponse(zoneID: zoneID, syncToken: syncToken, moreComing: moreComing ?? false)
        for result in resolvedResults {
            switch result {
            case let .record(record): response.records.append(record)
            case let .deleted(id): response.deletedRecordIDs.append(id)
            case let .error(error): response.errors.append(error)
            }
        }
        if let error { response.errors.append(error) }
        return response
    }

    var recordsResponse: RecordsResponse {
        RecordsResponse(results: resolvedResults, syncToken: syncToken, continuationMarker: continuationMarker)
    }
}

/// Whole bodies: responses, requests and error bodies.
extension JSONScanner {
    /// The names of the top-level object's members, without consuming anything.
    func topLevelKeys() throws(WebServicesError) -> [String] {
        var probe = lookahead
        try probe.beginObject()
        var keys: [String] = []
        var first = true
        while let key = try probe.nextKey(&first) {
            let name = probe.string(of: key)
            keys.append(name)
            try probe.member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.skipValue() }
        }
        return keys
    }

    /// Reads a body holding `records`, with whatever else a page of results carries. A zone entry of
    /// changes/zone that failed holds an error instead (`serverErrorCode`).
    mutating func readRecordsBody() throws(WebServicesError) -> RecordsBody {
        try beginObject()
        var body = RecordsBody()
        var errorCode: String?, reason: String?, uuid: String?
        var retryAfter: Double?
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "records") {
                body.hasRecords = true
                body.results = try member("records") { (s: inout JSONScanner) throws(WebServicesError) in try s.readRecordEntries(.response) }
            } else if self.key(key, is: "zoneID") {
                body.zoneID = try member("zoneID") { (s: inout JSONScanner) throws(WebServicesError) in try s.readZoneID().zoneID }
            } else if self.key(key, is: "syncToken") {
                body.syncToken = try member("syncToken") { (s: inout JSONScanner) throws(WebServicesError) in try s.readChangeToken() }
            } else if self.key(key, is: "moreComing") {
                body.moreComing = try member("moreComing") { (s: inout JSONScanner) throws(WebServicesError) in try s.readBool() }
            } else if self.key(key, is: "continuationMarker") {
                body.continuationMarker = try member("continuationMarker") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            } else if self.key(key, is: "serverErrorCode") {
                errorCode = try member("serverErrorCode") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
            } else if self.key(key, is: "reason") {
                reason = try member("reason") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            } else if self.key(key, is: "uuid") {
                uuid = try member("uuid") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            } else if self.key(key, is: "retryAfter") {
                retryAfter = try member("retryAfter") { (s: inout JSONScanner) throws(WebServicesError) in try s.readDouble() }
            } else {
                try skipMember(key)
            }
        }
        if let errorCode {
            body.error = WebServicesServerError(serverErrorCode: ServerErrorCode(rawValue: errorCode), reason: reason,
                                                retryAfter: retryAfter, uuid: uuid)
        }
        return body
    }

    /// Reads a change token: the server's base64 text, kept as the bytes it stands for.
    mutating func readChangeToken() throws(WebServicesError) -> ServerChangeToken {
        ServerChangeToken(data: try readBase64())
    }

    /// Reads an error body `{serverErrorCode, reason, retryAfter, uuid, redirectURL}`.
    mutating func readErrorBody() throws(WebServicesError) -> WebServicesServerError {
        let start = index
        guard case let .error(error) = try readRecordEntry(.response) else {
            throw self.error(.missingKey("serverErrorCode"), at: start)
        }
        return error
    }

    /// Reads a zones/list, zones/lookup, changes/database or changes/zone body. Zone entries that hold
    /// `records` come back as change pages too.
    mutating func readZonesBody() throws(WebServicesError) -> (zones: ZonesResponse, changes: [ChangesResponse], hasChanges: Bool) {
        try beginObject()
        var response = ZonesResponse(zones: [])
        var changes: [ChangesResponse] = []
        var hasChanges = false
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "zones") {
                let entries = try member("zones") { (s: inout JSONScanner) throws(WebServicesError) in
                    try s.readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readZoneEntry() }
                }
                for entry in entries {
                    if entry.body.hasRecords { hasChanges = true }
                    changes.append(entry.body.changes)
                    if let error = entry.body.error {
                        response.errors.append(error)
                    } else if let zoneID = entry.body.zoneID {
                        response.zones.append(ZoneInfo(zoneID: zoneID, zoneType: entry.zoneType,
                                                       syncToken: entry.body.syncToken, deleted: entry.deleted))
                    }
                }
            } else if self.key(key, is: "syncToken") {
                response.syncToken = try member("syncToken") { (s: inout JSONScanner) throws(WebServicesError) in try s.readChangeToken() }
            } else if self.key(key, is: "moreComing") {
                response.moreComing = try member("moreComing") { (s: inout JSONScanner) throws(WebServicesError) in try s.readBool() }
            } else {
                try skipMember(key)
            }
        }
        return (response, changes, hasChanges)
    }

    /// One entry of `zones`: a zone, a zone's changes, or a zone's error.
    private mutating func readZoneEntry() throws(WebServicesError) -> (body: RecordsBody, zoneType: String?, deleted: Bool) {
        // The entry has the members of a records body plus zoneType (inside zoneID) and deleted: read it twice,
        // once for each, rather than duplicating the records-body reader.
        var probe = lookahead
        var zoneType: String?
        var deleted = false
        try probe.beginObject()
        var first = true
        while let key = try probe.nextKey(&first) {
            if probe.key(key, is: "zoneID") {
                zoneType = try probe.member("zoneID") { (s: inout JSONScanner) throws(WebServicesError) in try s.readZoneID().zoneType }
            } else if probe.key(key, is: "deleted") {
                deleted = try probe.member("deleted") { (s: inout JSONScanner) throws(WebServicesError) in try s.readBool() }
            } else {
                try probe.skipMember(key)
            }
        }
        let body = try readRecordsBody()
        return (body, zoneType, deleted)
    }
}

extension JSONScanner {
    /// Reads `{batch: [...]}`: query requests when the entries hold `query`, else query responses.
    mutating func readBatch() throws(WebServicesError) -> WebServicesContents {
        try beginObject()
        var contents = WebServicesContents.batchResponse([])
        var first = true
        while let key = try nextKey(&first) {
            guard self.key(key, is: "batch") else {
                try skipMember(key)
                continue
            }
            var probe = lookahead
            try probe.beginArray()
            var firstElement = true
            var isRequest = false
            if try probe.nextElement(&firstElement) {
                isRequest = try probe.topLevelKeys().contains("query")
            }
            if isRequest {
                contents = .queryRequest(try member("batch") { (s: inout JSONScanner) throws(WebServicesError) in
                    try s.readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readQueryRequest() }
                })
            } else {
                contents = .batchResponse(try member("batch") { (s: inout JSONScanner) throws(WebServicesError) in
                    try s.readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readRecordsBody().recordsResponse }
                })
            }
        }
        return contents
    }
}
