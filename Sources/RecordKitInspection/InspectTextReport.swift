import Foundation
import RecordKit

/// The text output of `recordgen inspect`: a header line naming the format and kind, then what the file holds.
struct InspectTextReport {
    /// At most this many entries of each list are shown; nil shows all.
    private let limit: Int?
    private var text = InspectText()

    private init(limit: Int?) {
        self.limit = limit
    }

    /// The whole report for `blob`, read from `path`.
    static func render(_ blob: InspectedBlob, path: String, limit: Int?) -> String {
        var report = InspectTextReport(limit: limit)
        report.text.line("\(path): \(blob.formatName), \(blob.kindDescription)")
        report.body(blob)
        return report.text.printed
    }

    private mutating func body(_ blob: InspectedBlob) {
        switch blob {
        case let .nativeRecord(record):
            InspectTextRecord.record(record, into: &text)
        case let .nativeRecordList(shown, total):
            entries(shown, total: total, noun: "record") { report, record in report.record(record) }
        case let .nativeToken(token):
            text.labelled("token", InspectTextRecord.token(token))
        case let .nativeSyncState(state):
            syncState(state)
        case let .keyedArchive(.changeToken(token)):
            text.labelled("token", InspectTextRecord.token(token))
        case let .keyedArchive(.systemFields(record)), let .keyedArchive(.record(record)):
            InspectTextRecord.record(record, into: &text)
        case let .webServices(contents):
            webServices(contents)
        case let .pushNotification(notification):
            InspectNotification.text(notification, into: &text)
        }
    }

    private mutating func syncState(_ state: SyncState) {
        text.labelled("database", state.databaseToken.map(InspectTextRecord.token) ?? "(no token)")
        let zones = state.zoneTokens.keys.sorted(by: InspectOrder.zones)
        entries(zones, total: zones.count, noun: "zone") { report, zone in
            report.text.labelled("zone", InspectTextRecord.zone(zone))
            if let token = state.zoneTokens[zone] { report.text.labelled("token", InspectTextRecord.token(token)) }
        }
    }

    private mutating func webServices(_ contents: WebServicesContents) {
        switch contents {
        case let .record(record):
            InspectTextRecord.record(record, into: &text)
        case let .recordsResponse(response):
            recordsResponse(response)
        case let .changesResponse(changes):
            self.changes(changes)
        case let .zoneChangesResponse(pages):
            entries(pages, total: pages.count, noun: "zone") { report, page in report.changes(page) }
        case let .batchResponse(pages):
            entries(pages, total: pages.count, noun: "page") { report, page in report.recordsResponse(page) }
        case let .zonesResponse(response):
            if let token = response.syncToken { text.labelled("sync token", InspectTextRecord.token(token)) }
            text.labelled("more coming", String(response.moreComing))
            entries(response.zones, total: response.zones.count, noun: "zone") { report, zone in report.zone(zone) }
            entries(response.errors, total: response.errors.count, noun: "error") { report, error in
                report.serverError(error)
            }
        case let .modifyRequest(request):
            if let atomic = request.atomic { text.labelled("atomic", String(atomic)) }
            if let zone = request.zoneID { text.labelled("zone", InspectTextRecord.zone(zone)) }
            entries(request.operations, total: request.operations.count, noun: "operation") { report, operation in
                report.text.labelled("operation", operation.kind.rawValue)
                report.record(operation.record)
            }
        case let .queryRequest(queries):
            entries(queries, total: queries.count, noun: "query") { report, query in report.query(query) }
        case let .errorBody(error):
            serverError(error)
        case let .assetUpload(asset):
            text.labelled("asset", InspectTextRecord.fieldValue(.asset(asset)))
        case let .assetUploadTokens(tokens):
            entries(tokens, total: tokens.count, noun: "token") { report, token in
                if let name = token.recordName { report.text.labelled("record", name) }
                if let field = token.fieldName { report.text.labelled("field", field) }
                report.text.labelled("url", InspectFormatting.quoted(token.url))
            }
        case .empty:
            break
        }
    }

    private mutating func recordsResponse(_ response: RecordsResponse) {
        if let token = response.syncToken { text.labelled("sync token", InspectTextRecord.token(token)) }
        if let marker = response.continuationMarker { text.labelled("continue at", InspectFormatting.quoted(marker)) }
        entries(response.results, total: response.results.count, noun: "entry") { report, result in
            switch result {
            case let .record(record): report.record(record)
            case let .deleted(id): report.text.labelled("deleted", InspectTextRecord.recordID(id))
            case let .error(error): report.serverError(error)
            }
        }
    }

    private mutating func changes(_ changes: ChangesResponse) {
        if let zone = changes.zoneID { text.labelled("zone", InspectTextRecord.zone(zone)) }
        if let token = changes.syncToken { text.labelled("sync token", InspectTextRecord.token(token)) }
        text.labelled("more coming", String(changes.moreComing))
        entries(changes.records, total: changes.records.count, noun: "changed record") { report, record in
            report.record(record)
        }
        entries(changes.deletedRecordIDs, total: changes.deletedRecordIDs.count, noun: "deleted record") { report, id in
            report.text.labelled("deleted", InspectTextRecord.recordID(id))
        }
        entries(changes.errors, total: changes.errors.count, noun: "error") { report, error in report.serverError(error) }
    }

    private mutating func zone(_ zone: ZoneInfo) {
        text.labelled("zone", InspectTextRecord.zone(zone.zoneID))
        if let type = zone.zoneType { text.labelled("type", type) }
        if let token = zone.syncToken { text.labelled("sync token", InspectTextRecord.token(token)) }
        if zone.deleted { text.labelled("deleted", "true") }
    }

    private mutating func query(_ query: QueryRequest) {
        text.labelled("record type", query.recordType)
        if let zone = query.zoneID { text.labelled("zone", InspectTextRecord.zone(zone)) }
        for filter in query.filters {
            text.labelled("filter", "\(filter.fieldName) \(filter.comparator) \(InspectTextRecord.fieldValue(filter.fieldValue))")
        }
        if let limit = query.resultsLimit { text.labelled("limit", String(limit)) }
    }

    private mutating func serverError(_ error: WebServicesServerError) {
        text.labelled("error", error.serverErrorCode.rawValue)
        if let name = error.recordName { text.labelled("record", name) }
        if let reason = error.reason { text.labelled("reason", reason) }
        if let retryAfter = error.retryAfter { text.labelled("retry after", "\(retryAfter) s") }
        if let uuid = error.uuid { text.labelled("uuid", uuid) }
        if let url = error.redirectURL { text.labelled("redirect", url) }
    }

    private mutating func record(_ record: Record) {
        InspectTextRecord.record(record, into: &text)
    }

    /// Prints each entry under a `noun 1 of N` heading, indented, up to the limit, then how many were left out.
    /// `total` may exceed `items.count` when the reader already kept only the first entries.
    private mutating func entries<Item>(
        _ items: [Item], total: Int, noun: String, _ body: (inout InspectTextReport, Item) -> Void
    ) {
        let shown = limit.map { Array(items.prefix($0)) } ?? items
        for (index, item) in shown.enumerated() {
            text.line("")
            text.line("\(noun) \(index + 1) of \(InspectFormatting.grouped(total))")
            text.deeper()
            body(&self, item)
            text.shallower()
        }
        let omitted = total - shown.count
        if omitted > 0 {
            text.line("")
            text.line("… \(InspectFormatting.counted(omitted, noun)) not shown (--limit \(limit ?? 0); --limit 0 shows all)")
        }
    }
}

/// Sort orders that make the output independent of dictionary order.
enum InspectOrder {
    /// Zone name, then owner name, in byte order.
    static func zones(_ lhs: RecordZoneID, _ rhs: RecordZoneID) -> Bool {
        if lhs.zoneName != rhs.zoneName { return lhs.zoneName.utf8.lexicographicallyPrecedes(rhs.zoneName.utf8) }
        return lhs.ownerName.utf8.lexicographicallyPrecedes(rhs.ownerName.utf8)
    }
}
