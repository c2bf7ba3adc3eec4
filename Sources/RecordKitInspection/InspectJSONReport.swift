import Foundation
import RecordKit

/// The `--json` output of `recordgen inspect`: the same information as the text, as one stable document.
///
/// Top level: `file`, `format` (`nativeArchive`, `keyedArchive`, `webServicesJSON`), `kind`, `summary`, then
/// what the file holds. Every list is `{"count": N, "omitted": K, "items": [...]}`: `count` is how many the file
/// holds, `omitted` how many `--limit` left out.
struct InspectJSONReport {
    typealias Value = InspectJSONValue

    /// At most this many entries of each list are written; nil writes all.
    private let limit: Int?

    private init(limit: Int?) {
        self.limit = limit
    }

    /// The whole document for `blob`, read from `path`.
    static func render(_ blob: InspectedBlob, path: String, limit: Int?) -> String {
        let report = InspectJSONReport(limit: limit)
        var members: [String: Value] = [
            "file": .string(path),
            "format": .string(blob.formatIdentifier),
            "kind": .string(blob.kindIdentifier),
            "summary": .string(blob.kindDescription),
        ]
        for (key, value) in report.body(blob) { members[key] = value }
        return Value.object(members).printed
    }

    private func body(_ blob: InspectedBlob) -> [String: Value] {
        switch blob {
        case let .nativeRecord(record):
            ["record": InspectJSONRecord.record(record)]
        case let .nativeRecordList(shown, total):
            ["records": list(shown, total: total, InspectJSONRecord.record)]
        case let .nativeToken(token), let .keyedArchive(.changeToken(token)):
            ["token": InspectJSONRecord.token(token)]
        case let .nativeSyncState(state):
            syncState(state)
        case let .keyedArchive(.systemFields(record)), let .keyedArchive(.record(record)):
            ["record": InspectJSONRecord.record(record)]
        case let .webServices(contents):
            webServices(contents)
        case let .pushNotification(notification):
            InspectNotification.json(notification)
        }
    }

    private func syncState(_ state: SyncState) -> [String: Value] {
        let zones = state.zoneTokens.keys.sorted(by: InspectOrder.zones)
        return [
            "databaseToken": state.databaseToken.map(InspectJSONRecord.token) ?? .null,
            "zones": list(zones, total: zones.count) { zone in
                .members([
                    "zone": InspectJSONRecord.zone(zone),
                    "token": state.zoneTokens[zone].map(InspectJSONRecord.token),
                ])
            },
        ]
    }

    private func webServices(_ contents: WebServicesContents) -> [String: Value] {
        switch contents {
        case let .record(record):
            return ["record": InspectJSONRecord.record(record)]
        case let .recordsResponse(response):
            return recordsResponse(response)
        case let .changesResponse(page):
            return changes(page)
        case let .zoneChangesResponse(pages):
            return ["zones": list(pages, total: pages.count) { .object(changes($0)) }]
        case let .batchResponse(pages):
            return ["pages": list(pages, total: pages.count) { .object(recordsResponse($0)) }]
        case let .zonesResponse(response):
            return [
                "zones": list(response.zones, total: response.zones.count, zone),
                "errors": list(response.errors, total: response.errors.count, InspectJSONRecord.serverError),
                "syncToken": response.syncToken.map(InspectJSONRecord.token) ?? .null,
                "moreComing": .bool(response.moreComing),
            ]
        case let .modifyRequest(request):
            var members: [String: Value] = [
                "operations": list(request.operations, total: request.operations.count) { operation in
                    .members([
                        "operation": .string(operation.kind.rawValue),
                        "record": InspectJSONRecord.record(operation.record),
                    ])
                },
            ]
            if let atomic = request.atomic { members["atomic"] = .bool(atomic) }
            if let zone = request.zoneID { members["zone"] = InspectJSONRecord.zone(zone) }
            return members
        case let .queryRequest(queries):
            return ["queries": list(queries, total: queries.count, query)]
        case let .errorBody(error):
            return ["error": InspectJSONRecord.serverError(error)]
        case let .assetUpload(asset):
            return ["asset": InspectJSONRecord.asset(asset)]
        case let .assetUploadTokens(tokens):
            return ["tokens": list(tokens, total: tokens.count) { token in
                .members(["recordName": .text(token.recordName), "fieldName": .text(token.fieldName), "url": .string(token.url)])
            }]
        case .empty:
            return [:]
        }
    }

    private func recordsResponse(_ response: RecordsResponse) -> [String: Value] {
        [
            "entries": list(response.results, total: response.results.count) { result in
                switch result {
                case let .record(record): .members(["record": InspectJSONRecord.record(record)])
                case let .deleted(id): .members(["deleted": InspectJSONRecord.recordID(id)])
                case let .error(error): .members(["error": InspectJSONRecord.serverError(error)])
                }
            },
            "syncToken": response.syncToken.map(InspectJSONRecord.token) ?? .null,
            "continuationMarker": response.continuationMarker.map(Value.string) ?? .null,
        ]
    }

    private func changes(_ page: ChangesResponse) -> [String: Value] {
        [
            "zone": page.zoneID.map(InspectJSONRecord.zone) ?? .null,
            "records": list(page.records, total: page.records.count, InspectJSONRecord.record),
            "deleted": list(page.deletedRecordIDs, total: page.deletedRecordIDs.count, InspectJSONRecord.recordID),
            "errors": list(page.errors, total: page.errors.count, InspectJSONRecord.serverError),
            "syncToken": page.syncToken.map(InspectJSONRecord.token) ?? .null,
            "moreComing": .bool(page.moreComing),
        ]
    }

    private func zone(_ zone: ZoneInfo) -> Value {
        .members([
            "zone": InspectJSONRecord.zone(zone.zoneID),
            "zoneType": .text(zone.zoneType),
            "syncToken": zone.syncToken.map(InspectJSONRecord.token),
            "deleted": .bool(zone.deleted),
        ])
    }

    private func query(_ query: QueryRequest) -> Value {
        .members([
            "recordType": .string(query.recordType),
            "zone": query.zoneID.map(InspectJSONRecord.zone),
            "filters": .array(query.filters.map { filter in
                .members([
                    "fieldName": .string(filter.fieldName),
                    "comparator": .string(filter.comparator),
                    "type": .string(filter.fieldValue.type.description),
                    "value": InspectJSONRecord.fieldValue(filter.fieldValue),
                ])
            }),
            "resultsLimit": query.resultsLimit.map(Value.integer),
        ])
    }

    /// `{"count": total, "omitted": K, "items": [...]}` with at most `limit` items.
    private func list<Item>(_ items: [Item], total: Int, _ transform: (Item) -> Value) -> Value {
        let shown = limit.map { Array(items.prefix($0)) } ?? items
        return .members([
            "count": .integer(Int64(total)),
            "omitted": .integer(Int64(total - shown.count)),
            "items": .array(shown.map(transform)),
        ])
    }
}
