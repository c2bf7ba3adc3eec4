import Foundation
import Testing
@testable import RecordKit

/// Re-encodes what was decoded, decodes it again, and expects the same values.
enum RoundTrip {
    static func check(_ contents: WebServicesContents, sourceLocation: SourceLocation = #_sourceLocation) throws {
        switch contents {
        case let .record(record):
            try checkRecord(record, sourceLocation: sourceLocation)
        case let .recordsResponse(response):
            try checkResponse(response, sourceLocation: sourceLocation)
        case let .batchResponse(pages):
            for page in pages { try checkResponse(page, sourceLocation: sourceLocation) }
        case let .changesResponse(changes):
            let again = try WebServicesJSON.decodeChangesResponse(WebServicesJSON.encodeChangesResponse(changes))
            #expect(again == changes, sourceLocation: sourceLocation)
        case let .modifyRequest(request):
            let data = try WebServicesJSON.encodeModifyRequest(operations: request.operations, atomic: request.atomic,
                                                               zoneID: request.zoneID ?? .default)
            let again = try WebServicesJSON.decodeModifyRequest(data)
            #expect(again.operations == request.operations, sourceLocation: sourceLocation)
            #expect(again.atomic == request.atomic, sourceLocation: sourceLocation)
        case let .errorBody(error):
            let again = try WebServicesJSON.decodeErrorBody(WebServicesJSON.encodeErrorBody(error))
            #expect(again == error, sourceLocation: sourceLocation)
        case let .zonesResponse(zones):
            let again = try WebServicesJSON.decodeZonesResponse(WebServicesJSON.encodeZonesResponse(zones))
            #expect(again == zones, sourceLocation: sourceLocation)
        case let .zoneChangesResponse(pages):
            let again = try WebServicesJSON.decodeZoneChangesResponse(WebServicesJSON.encodeZoneChangesResponse(pages))
            #expect(again == pages, sourceLocation: sourceLocation)
        case .queryRequest, .assetUpload, .assetUploadTokens, .empty:
            break
        }
    }

    static func checkRecord(_ record: Record, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = try WebServicesJSON.encodeRecord(record)
        let again = try WebServicesJSON.decodeRecord(data)
        #expect(again == record, sourceLocation: sourceLocation)
        // Deterministic: the same value gives the same bytes.
        #expect(try WebServicesJSON.encodeRecord(again) == data, sourceLocation: sourceLocation)
    }

    static func checkResponse(_ response: RecordsResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for record in response.records { try checkRecord(record, sourceLocation: sourceLocation) }
        let again = try WebServicesJSON.decodeRecordsResponse(WebServicesJSON.encodeRecordsResponse(response))
        #expect(again == response, sourceLocation: sourceLocation)
    }
}
