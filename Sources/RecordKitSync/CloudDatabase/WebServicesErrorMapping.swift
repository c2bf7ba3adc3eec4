import RecordKit

/// CloudKit Web Services' `serverErrorCode`s and ``CloudError``, both ways: the Web Services client reads a
/// server's error as the `CloudError` the simulator produces, and the local CloudKit answers a `CloudError` with
/// the HTTP status and `serverErrorCode` CloudKit Web Services uses, so `SyncEngine` reacts the same to all three.
///
/// The documented codes and their HTTP statuses:
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ErrorCodes.html
///
/// Web Services documents no code for an expired change token, a busy zone, a zone the user deleted or reset, or
/// a request over the item and byte limits (CKError has one for each). The local CloudKit writes those as the
/// ``ExtensionCode``s, with the nearest documented HTTP status, and this mapping reads them back.
public enum WebServicesErrorMapping {
    /// The local CloudKit's codes for the conditions Web Services documents no code for.
    public enum ExtensionCode: String, Sendable, CaseIterable {
        /// ``CloudError/changeTokenExpired(_:)``.
        case changeTokenExpired = "CHANGE_TOKEN_EXPIRED"
        /// ``CloudError/zoneBusy(_:retryAfter:)``.
        case zoneBusy = "ZONE_BUSY"
        /// ``CloudError/limitExceeded(itemCount:byteCount:)``.
        case limitExceeded = "LIMIT_EXCEEDED"
        /// ``CloudError/userDeletedZone(_:)``.
        case userDeletedZone = "USER_DELETED_ZONE"
        /// ``CloudError/encryptedDataReset(_:)``.
        case encryptedDataReset = "ENCRYPTED_DATA_RESET"
    }

    /// `CKError.Code` raw values used in ``CloudError/other(code:reason:)``:
    /// https://developer.apple.com/documentation/cloudkit/ckerror/code
    public enum CKErrorCode {
        public static let internalError = 1
        public static let notAuthenticated = 9
        public static let permissionFailure = 10
        public static let serverRecordChanged = 14
        public static let serverRejectedRequest = 15
        public static let quotaExceeded = 25
        public static let referenceViolation = 31
    }

    /// The `CloudError` for a server's error. `recordID` and `zoneID` name what the error is about, when known.
    ///
    /// `CONFLICT` and `EXISTS` carry no server record in Web Services: they become ``CloudError/other(code:reason:)``
    /// with `serverRecordChanged`'s code here, and the Web Services client replaces them with
    /// ``CloudError/serverRecordChanged(serverRecord:clientRecord:)`` after looking the server's record up.
    /// `AUTHENTICATION_REQUIRED`'s `redirectURL` (where the user signs in) is kept in the reason.
    public static func cloudError(
        for error: WebServicesServerError, recordID: RecordID? = nil, zoneID: RecordZoneID? = nil
    ) -> CloudError {
        let reason = error.reason ?? error.serverErrorCode.rawValue
        let zone = zoneID ?? recordID?.zoneID ?? .default
        switch error.serverErrorCode {
        case .accessDenied: return .permissionFailure("ACCESS_DENIED: \(reason)")
        case .atomicError:
            if let recordID { return .batchRequestFailed(recordID) }
            return .invalidArguments("ATOMIC_ERROR: \(reason)")
        case .authenticationFailed: return .other(code: CKErrorCode.notAuthenticated, reason: "AUTHENTICATION_FAILED: \(reason)")
        case .authenticationRequired:
            let signIn = error.redirectURL.map { "; sign in at \($0)" } ?? ""
            return .other(code: CKErrorCode.notAuthenticated, reason: "AUTHENTICATION_REQUIRED: \(reason)\(signIn)")
        case .badRequest: return .invalidArguments("BAD_REQUEST: \(reason)")
        case .conflict, .exists:
            return .other(code: CKErrorCode.serverRecordChanged, reason: "\(error.serverErrorCode.rawValue): \(reason)")
        case .internalError: return .other(code: CKErrorCode.internalError, reason: "INTERNAL_ERROR: \(reason)")
        case .notFound:
            if let recordID { return .unknownItem(recordID) }
            if let zoneID { return .zoneNotFound(zoneID) }
            return .invalidArguments("NOT_FOUND: \(reason)")
        case .quotaExceeded: return .other(code: CKErrorCode.quotaExceeded, reason: "QUOTA_EXCEEDED: \(reason)")
        case .throttled: return .requestRateLimited(retryAfter: error.retryAfter)
        case .tryAgainLater: return .serviceUnavailable(retryAfter: error.retryAfter)
        case .validatingReferenceError:
            return .other(code: CKErrorCode.referenceViolation, reason: "VALIDATING_REFERENCE_ERROR: \(reason)")
        case .zoneNotFound: return .zoneNotFound(zone)
        case let .unknown(raw):
            switch ExtensionCode(rawValue: raw) {
            case .changeTokenExpired: return .changeTokenExpired(zoneID)
            case .zoneBusy: return .zoneBusy(zoneID, retryAfter: error.retryAfter)
            case .limitExceeded: return .limitExceeded(itemCount: 0, byteCount: 0)
            case .userDeletedZone: return .userDeletedZone(zone)
            case .encryptedDataReset: return .encryptedDataReset(zone)
            case nil: return .other(code: CKErrorCode.serverRejectedRequest, reason: "\(raw): \(reason)")
            }
        }
    }

    /// The HTTP status and error body the local CloudKit answers `error` with; nil for the network failures, which
    /// it answers by closing the connection.
    public static func serverError(for error: CloudError, recordName: String? = nil) -> (status: Int, error: WebServicesServerError)? {
        func body(_ code: ServerErrorCode, _ reason: String, retryAfter: Double? = nil) -> WebServicesServerError {
            WebServicesServerError(serverErrorCode: code, reason: reason, retryAfter: retryAfter, recordName: recordName)
        }
        func extensionCode(_ code: ExtensionCode) -> ServerErrorCode { .unknown(code.rawValue) }
        switch error {
        case let .serverRecordChanged(_, client):
            return client.system.changeTag == nil
                ? (409, body(.exists, "record \(client.id.recordName) already exists"))
                : (409, body(.conflict, "the change tag of record \(client.id.recordName) is not the server's"))
        case .limitExceeded: return (400, body(extensionCode(.limitExceeded), error.description))
        case .batchRequestFailed: return (400, body(.atomicError, error.description))
        case .zoneNotFound: return (404, body(.zoneNotFound, "Zone does not exist"))
        case .unknownItem: return (404, body(.notFound, "Record not found"))
        case .changeTokenExpired: return (400, body(extensionCode(.changeTokenExpired), error.description))
        case .userDeletedZone: return (404, body(extensionCode(.userDeletedZone), error.description))
        case .encryptedDataReset: return (404, body(extensionCode(.encryptedDataReset), error.description))
        case let .zoneBusy(_, seconds): return (503, body(extensionCode(.zoneBusy), error.description, retryAfter: seconds))
        case let .requestRateLimited(seconds): return (429, body(.throttled, "Request throttled", retryAfter: seconds))
        case let .serviceUnavailable(seconds): return (503, body(.tryAgainLater, "Try again later", retryAfter: seconds))
        case .networkFailure, .networkUnavailable: return nil
        case let .invalidArguments(reason), let .unsupported(reason): return (400, body(.badRequest, reason))
        case let .permissionFailure(reason): return (403, body(.accessDenied, reason))
        case .partialFailure: return (500, body(.internalError, error.description))
        case let .other(code, reason):
            switch code {
            case CKErrorCode.notAuthenticated: return (401, body(.authenticationFailed, reason))
            case CKErrorCode.permissionFailure: return (403, body(.accessDenied, reason))
            case CKErrorCode.quotaExceeded: return (413, body(.quotaExceeded, reason))
            case CKErrorCode.referenceViolation: return (412, body(.validatingReferenceError, reason))
            case CKErrorCode.serverRecordChanged: return (409, body(.conflict, reason))
            default: return (500, body(.internalError, reason))
            }
        }
    }

    /// The HTTP status CloudKit Web Services documents for `code` (the extension codes: the local CloudKit's).
    public static func httpStatus(of code: ServerErrorCode) -> Int {
        switch code {
        case .accessDenied: 403
        case .atomicError, .badRequest: 400
        case .authenticationFailed: 401
        case .authenticationRequired: 421
        case .conflict, .exists: 409
        case .internalError: 500
        case .notFound, .zoneNotFound: 404
        case .quotaExceeded: 413
        case .throttled: 429
        case .tryAgainLater: 503
        case .validatingReferenceError: 412
        case let .unknown(raw):
            switch ExtensionCode(rawValue: raw) {
            case .changeTokenExpired, .limitExceeded: 400
            case .userDeletedZone, .encryptedDataReset: 404
            case .zoneBusy: 503
            case nil: 500
            }
        }
    }
}
