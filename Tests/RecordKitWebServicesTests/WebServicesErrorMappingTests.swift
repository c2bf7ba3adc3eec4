import Foundation
import RecordKit
import RecordKitSync
import RecordKitWebServices
import Testing

/// Every documented `serverErrorCode` becomes the CloudError the simulator produces, and back.
@Suite struct WebServicesErrorMappingTests {
    let record = RecordID(recordName: "r1", zoneID: RecordZoneID(zoneName: "z"))

    /// Apple's table: https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ErrorCodes.html
    static let documented: [(String, Int)] = [
        ("ACCESS_DENIED", 403), ("ATOMIC_ERROR", 400), ("AUTHENTICATION_FAILED", 401), ("AUTHENTICATION_REQUIRED", 421),
        ("BAD_REQUEST", 400), ("CONFLICT", 409), ("EXISTS", 409), ("INTERNAL_ERROR", 500), ("NOT_FOUND", 404),
        ("QUOTA_EXCEEDED", 413), ("THROTTLED", 429), ("TRY_AGAIN_LATER", 503), ("VALIDATING_REFERENCE_ERROR", 412),
        ("ZONE_NOT_FOUND", 404),
    ]

    @Test func theStatusesAreApples() {
        for (code, status) in Self.documented {
            #expect(WebServicesErrorMapping.httpStatus(of: ServerErrorCode(rawValue: code)) == status, "\(code)")
        }
    }

    @Test func eachCodeMapsToTheSimulatorsError() {
        func map(_ code: String, retryAfter: Double? = nil) -> CloudError {
            WebServicesErrorMapping.cloudError(
                for: WebServicesServerError(serverErrorCode: ServerErrorCode(rawValue: code), reason: "why", retryAfter: retryAfter),
                recordID: record)
        }
        #expect(map("ATOMIC_ERROR") == .batchRequestFailed(record))
        #expect(map("NOT_FOUND") == .unknownItem(record))
        #expect(map("ZONE_NOT_FOUND") == .zoneNotFound(record.zoneID))
        #expect(map("THROTTLED", retryAfter: 7) == .requestRateLimited(retryAfter: 7))
        #expect(map("TRY_AGAIN_LATER", retryAfter: 3) == .serviceUnavailable(retryAfter: 3))
        #expect(map("BAD_REQUEST") == .invalidArguments("BAD_REQUEST: why"))
        #expect(map("ZONE_BUSY", retryAfter: 2) == .zoneBusy(nil, retryAfter: 2))
        #expect(map("CHANGE_TOKEN_EXPIRED") == .changeTokenExpired(nil))
        #expect(map("USER_DELETED_ZONE") == .userDeletedZone(record.zoneID))
        #expect(map("ENCRYPTED_DATA_RESET") == .encryptedDataReset(record.zoneID))
        #expect(map("ACCESS_DENIED") == .permissionFailure("ACCESS_DENIED: why"))
        for (code, expected) in [("AUTHENTICATION_FAILED", 9), ("AUTHENTICATION_REQUIRED", 9),
                                 ("CONFLICT", 14), ("EXISTS", 14), ("INTERNAL_ERROR", 1), ("QUOTA_EXCEEDED", 25),
                                 ("VALIDATING_REFERENCE_ERROR", 31), ("SOMETHING_NEW", 15)] {
            guard case let .other(found, reason) = map(code) else {
                Issue.record("\(code) became \(map(code))")
                continue
            }
            #expect(found == expected, "\(code)")
            #expect(reason.contains(code), "\(code): \(reason)")
        }
    }

    @Test func theSimulatorsErrorsTravelAndComeBackTheSame() {
        let zone = record.zoneID
        let errors: [CloudError] = [
            .batchRequestFailed(record), .unknownItem(record), .zoneNotFound(zone), .userDeletedZone(zone),
            .encryptedDataReset(zone), .requestRateLimited(retryAfter: 5), .serviceUnavailable(retryAfter: 9),
            .zoneBusy(zone, retryAfter: 1), .changeTokenExpired(zone),
        ]
        for error in errors {
            guard let (status, body) = WebServicesErrorMapping.serverError(for: error, recordName: record.recordName) else {
                Issue.record("\(error) has no Web Services form")
                continue
            }
            #expect(status == WebServicesErrorMapping.httpStatus(of: body.serverErrorCode), "\(error)")
            let back = WebServicesErrorMapping.cloudError(for: body, recordID: record, zoneID: zone)
            #expect(back == error, "\(error) came back as \(back)")
        }
        let refused = WebServicesErrorMapping.serverError(for: .permissionFailure("a read-only participant saved note-1"))
        #expect(refused?.status == 403)
        #expect(refused?.error.serverErrorCode == .accessDenied)
        if let refused {
            let back = WebServicesErrorMapping.cloudError(for: refused.error, recordID: record, zoneID: zone)
            #expect(back == .permissionFailure("ACCESS_DENIED: a read-only participant saved note-1"))
        }
        #expect(WebServicesErrorMapping.serverError(for: .networkFailure) == nil)
        #expect(WebServicesErrorMapping.serverError(for: .limitExceeded(itemCount: 500, byteCount: 1))?.status == 400)
    }
}
