import Foundation

/// Request bodies: records/modify and records/query.
extension JSONScanner {
    /// Reads `{operations: [{operationType, record}], atomic, zoneID}`. Records without a zone take the
    /// request's `zoneID`, else the default zone.
    mutating func readModifyRequest() throws(WebServicesError) -> ModifyRequest {
        try beginObject()
        let start = index
        var operations: [(kind: RecordOperation.Kind, result: RecordResult)]?
        var request = ModifyRequest(operations: [])
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "operations") {
                operations = try member("operations") { (s: inout JSONScanner) throws(WebServicesError) in
                    try s.readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readOperation() }
                }
            } else if self.key(key, is: "atomic") {
                request.atomic = try member("atomic") { (s: inout JSONScanner) throws(WebServicesError) in try s.readBool() }
            } else if self.key(key, is: "zoneID") {
                request.zoneID = try member("zoneID") { (s: inout JSONScanner) throws(WebServicesError) in try s.readZoneID().zoneID }
            } else {
                try skipMember(key)
            }
        }
        guard let operations else { throw error(.missingKey("operations"), at: start) }
        let zone = request.zoneID ?? .default
        request.operations = operations.map { operation in
            let record: Record = switch resolvingImplicitZone([operation.result], to: zone).first {
            case let .record(record): record
            case let .deleted(id): Record(recordType: "", id: id)
            case .error, nil: Record(recordType: "", id: RecordID(recordName: "", zoneID: zone))
            }
            return RecordOperation(operation.kind, record: record)
        }
        return request
    }

    private mutating func readOperation() throws(WebServicesError) -> (kind: RecordOperation.Kind, result: RecordResult) {
        try beginObject()
        let start = index
        var kind: RecordOperation.Kind?
        var result: RecordResult?
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "operationType") {
                kind = try member("operationType") { (s: inout JSONScanner) throws(WebServicesError) in
                    s.skipWhitespace()
                    let valueStart = s.index
                    let name = try s.readString()
                    guard let kind = RecordOperation.Kind(rawValue: name) else {
                        throw s.error(.invalidValue("unknown operationType \"\(name)\" (expected \(RecordOperation.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"), at: valueStart)
                    }
                    return kind
                }
            } else if self.key(key, is: "record") {
                result = try member("record") { (s: inout JSONScanner) throws(WebServicesError) in
                    s.skipWhitespace()
                    let recordStart = s.index
                    let entry = try s.readRecordEntry(.request)
                    if case .error = entry { throw s.error(.invalidValue("an error entry where a record was expected"), at: recordStart) }
                    return entry
                }
            } else {
                try skipMember(key)
            }
        }
        guard let kind else { throw error(.missingKey("operationType"), at: start) }
        guard let result else { throw error(.missingKey("record"), at: start) }
        return (kind, result)
    }

    /// Reads `{query: {recordType, filterBy, sortBy}, zoneID, resultsLimit, desiredKeys}`.
    mutating func readQueryRequest() throws(WebServicesError) -> QueryRequest {
        try beginObject()
        let start = index
        var request = QueryRequest(recordType: "", zoneID: nil, filters: [], resultsLimit: nil)
        var hasQuery = false
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "query") {
                hasQuery = true
                try member("query") { (s: inout JSONScanner) throws(WebServicesError) in try s.readQuery(into: &request) }
            } else if self.key(key, is: "zoneID") {
                request.zoneID = try member("zoneID") { (s: inout JSONScanner) throws(WebServicesError) in try s.readZoneID().zoneID }
            } else if self.key(key, is: "resultsLimit") {
                request.resultsLimit = try member("resultsLimit") { (s: inout JSONScanner) throws(WebServicesError) in try s.readInt64() }
            } else if self.key(key, is: "desiredKeys") {
                request.desiredKeys = try member("desiredKeys") { (s: inout JSONScanner) throws(WebServicesError) in
                    try s.readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
                }
            } else {
                try skipMember(key)
            }
        }
        guard hasQuery else { throw error(.missingKey("query"), at: start) }
        return request
    }

    private mutating func readQuery(into request: inout QueryRequest) throws(WebServicesError) {
        try beginObject()
        let start = index
        var hasType = false
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "recordType") {
                hasType = true
                request.recordType = try member("recordType") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
            } else if self.key(key, is: "filterBy") {
                // The documentation writes an array of filters; real traffic also sends a single object.
                request.filters = try member("filterBy") { (s: inout JSONScanner) throws(WebServicesError) in
                    if try s.peekKind() == .object { return [try s.readFilter()] }
                    return try s.readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readFilter() }
                }
            } else if self.key(key, is: "sortBy") {
                request.sorts = try member("sortBy") { (s: inout JSONScanner) throws(WebServicesError) in
                    try s.readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readSort() }
                }
            } else {
                try skipMember(key)
            }
        }
        guard hasType else { throw error(.missingKey("recordType"), at: start) }
    }

    /// Reads `{fieldName | systemFieldName, ascending, relativeLocation}`.
    private mutating func readSort() throws(WebServicesError) -> QueryRequest.Sort {
        try beginObject()
        let start = index
        var sort = QueryRequest.Sort(fieldName: "")
        var hasName = false
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "fieldName") {
                hasName = true
                sort.fieldName = try member("fieldName") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
            } else if self.key(key, is: "systemFieldName") {
                hasName = true
                sort.fieldName = try member("systemFieldName") { (s: inout JSONScanner) throws(WebServicesError) in try s.readSystemFieldName() }
            } else if self.key(key, is: "ascending") {
                sort.ascending = try member("ascending") { (s: inout JSONScanner) throws(WebServicesError) in try s.readBool() }
            } else if self.key(key, is: "relativeLocation") {
                sort.relativeLocation = try member("relativeLocation") { (s: inout JSONScanner) throws(WebServicesError) in try s.readLocation() }
            } else {
                try skipMember(key)
            }
        }
        guard hasName else { throw error(.missingKey("fieldName"), at: start) }
        return sort
    }

    /// Reads a `systemFieldName` as the system field's schema name (`recordName` as `___recordID`).
    private mutating func readSystemFieldName() throws(WebServicesError) -> String {
        let start = index
        let name = try readString()
        guard let schemaName = QueryRequest.schemaName(ofSystemField: name) else {
            throw error(.invalidValue("unknown systemFieldName \(name): recordName, createdTimestamp or modifiedTimestamp"), at: start)
        }
        return schemaName
    }

    private mutating func readFilter() throws(WebServicesError) -> QueryRequest.Filter {
        try beginObject()
        let start = index
        var fieldName: String?, comparator: String?
        var fieldValue: FieldValue?
        var distance: Double?
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "fieldName") {
                fieldName = try member("fieldName") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
            } else if self.key(key, is: "systemFieldName") {
                fieldName = try member("systemFieldName") { (s: inout JSONScanner) throws(WebServicesError) in try s.readSystemFieldName() }
            } else if self.key(key, is: "distance") {
                distance = try member("distance") { (s: inout JSONScanner) throws(WebServicesError) in try s.readDouble() }
            } else if self.key(key, is: "comparator") {
                comparator = try member("comparator") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
            } else if self.key(key, is: "fieldValue") {
                fieldValue = try member("fieldValue") { (s: inout JSONScanner) throws(WebServicesError) in try s.readField().value }
            } else {
                try skipMember(key)
            }
        }
        guard let fieldName else { throw error(.missingKey("fieldName"), at: start) }
        guard let comparator else { throw error(.missingKey("comparator"), at: start) }
        guard let fieldValue else { throw error(.missingKey("fieldValue"), at: start) }
        return QueryRequest.Filter(fieldName: fieldName, comparator: comparator, fieldValue: fieldValue, distance: distance)
    }

    /// Reads `{singleFile: {fileChecksum, size, ...}}`, the answer to an asset upload.
    mutating func readAssetUpload() throws(WebServicesError) -> Asset {
        try beginObject()
        let start = index
        var asset: Asset?
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "singleFile") {
                asset = try member("singleFile") { (s: inout JSONScanner) throws(WebServicesError) in try s.readAsset() }
            } else {
                try skipMember(key)
            }
        }
        guard let asset else { throw error(.missingKey("singleFile"), at: start) }
        return asset
    }

    /// Reads `{tokens: [{recordName, fieldName, url}]}`.
    mutating func readAssetUploadTokens() throws(WebServicesError) -> [AssetUploadToken] {
        try beginObject()
        var tokens: [AssetUploadToken] = []
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "tokens") {
                tokens = try member("tokens") { (s: inout JSONScanner) throws(WebServicesError) in
                    try s.readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readUploadToken() }
                }
            } else {
                try skipMember(key)
            }
        }
        return tokens
    }

    private mutating func readUploadToken() throws(WebServicesError) -> AssetUploadToken {
        try beginObject()
        let start = index
        var recordName: String?, fieldName: String?, url: String?
        var first = true
        while let key = try nextKey(&first) {
            let name = string(of: key)
            switch name {
            case "recordName": recordName = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "fieldName": fieldName = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "url": url = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
            default: try skipMember(key)
            }
        }
        guard let url else { throw error(.missingKey("url"), at: start) }
        return AssetUploadToken(recordName: recordName, fieldName: fieldName, url: url)
    }
}
