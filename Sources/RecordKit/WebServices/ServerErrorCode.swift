/// The `serverErrorCode` of a Web Services error: the codes Apple documents, and any other kept as written.
public enum ServerErrorCode: Sendable, Hashable, CustomStringConvertible {
    case accessDenied
    case atomicError
    case authenticationFailed
    case authenticationRequired
    case badRequest
    case conflict
    case exists
    case internalError
    case notFound
    case quotaExceeded
    case throttled
    case tryAgainLater
    case validatingReferenceError
    case zoneNotFound
    /// A code this version does not know, exactly as the server wrote it.
    case unknown(String)

    private static let known: [(String, ServerErrorCode)] = [
        ("ACCESS_DENIED", .accessDenied), ("ATOMIC_ERROR", .atomicError),
        ("AUTHENTICATION_FAILED", .authenticationFailed), ("AUTHENTICATION_REQUIRED", .authenticationRequired),
        ("BAD_REQUEST", .badRequest), ("CONFLICT", .conflict), ("EXISTS", .exists),
        ("INTERNAL_ERROR", .internalError), ("NOT_FOUND", .notFound), ("QUOTA_EXCEEDED", .quotaExceeded),
        ("THROTTLED", .throttled), ("TRY_AGAIN_LATER", .tryAgainLater),
        ("VALIDATING_REFERENCE_ERROR", .validatingReferenceError), ("ZONE_NOT_FOUND", .zoneNotFound),
    ]

    /// The code for a server's string; unknown strings are kept in `.unknown`.
    public init(rawValue: String) {
        self = Self.known.first { $0.0 == rawValue }?.1 ?? .unknown(rawValue)
    }

    /// The code as the server writes it.
    public var rawValue: String {
        if case let .unknown(raw) = self { return raw }
        return Self.known.first { $0.1 == self }?.0 ?? ""
    }

    /// Whether trying again later may succeed (`retryAfter` says when).
    public var isRetryable: Bool {
        switch self {
        case .throttled, .tryAgainLater, .internalError: true
        default: false
        }
    }

    public var description: String { rawValue }
}

/// An error the server reported: a whole failed request's body, or one record's entry in a `records` array.
public struct WebServicesServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure.
    public var serverErrorCode: ServerErrorCode
    /// The server's explanation.
    public var reason: String?
    /// Seconds to wait before trying again, when the server says.
    public var retryAfter: Double?
    /// The server's ID of the failed request, for Apple's support.
    public var uuid: String?
    /// The record the error is about, for an entry in a `records` array.
    public var recordName: String?
    /// Where to send the user to sign in (`AUTHENTICATION_REQUIRED`).
    public var redirectURL: String?

    /// Creates a server error.
    public init(serverErrorCode: ServerErrorCode, reason: String? = nil, retryAfter: Double? = nil,
                uuid: String? = nil, recordName: String? = nil, redirectURL: String? = nil) {
        self.serverErrorCode = serverErrorCode
        self.reason = reason
        self.retryAfter = retryAfter
        self.uuid = uuid
        self.recordName = recordName
        self.redirectURL = redirectURL
    }

    public var description: String {
        var text = serverErrorCode.rawValue
        if let recordName { text += " for record \(recordName)" }
        if let reason { text += ": \(reason)" }
        if let retryAfter { text += " (retry after \(retryAfter) s)" }
        return text
    }
}
