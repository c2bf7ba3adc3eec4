import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckerror
/// The framework's CKError wraps an NSError; the stand-in keeps its code and user info.
public struct CKError: Error, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckerror/code
    public enum Code: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/internalerror
        case internalError = 1
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/partialfailure
        case partialFailure = 2
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/networkunavailable
        case networkUnavailable = 3
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/networkfailure
        case networkFailure = 4
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/notauthenticated
        case notAuthenticated = 9
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/permissionfailure
        case permissionFailure = 10
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/serviceunavailable
        case serviceUnavailable = 6
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/requestratelimited
        case requestRateLimited = 7
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/unknownitem
        case unknownItem = 11
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/invalidarguments
        case invalidArguments = 12
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/serverrecordchanged
        case serverRecordChanged = 14
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/serverrejectedrequest
        case serverRejectedRequest = 15
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/changetokenexpired
        case changeTokenExpired = 21
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/batchrequestfailed
        case batchRequestFailed = 22
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/zonebusy
        case zoneBusy = 23
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/quotaexceeded
        case quotaExceeded = 25
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/zonenotfound
        case zoneNotFound = 26
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/limitexceeded
        case limitExceeded = 27
        /// https://developer.apple.com/documentation/cloudkit/ckerror/code/userdeletedzone
        case userDeletedZone = 28
    }

    /// https://developer.apple.com/documentation/cloudkit/ckerror/code-swift.property
    public let code: Code
    /// https://developer.apple.com/documentation/foundation/nserror/userinfo
    public let userInfo: [String: Any]

    /// https://developer.apple.com/documentation/cloudkit/ckerror
    /// The initializer Foundation gives every bridged error struct (`_BridgedStoredNSError.init(_:userInfo:)`),
    /// which has no page of its own. Only the tests make CKErrors; the bridge reads them.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }
}

extension CKError {
    /// https://developer.apple.com/documentation/cloudkit/ckerror/retryafterseconds
    public var retryAfterSeconds: Double? {
        (userInfo[CKErrorRetryAfterKey] as? NSNumber)?.doubleValue ?? userInfo[CKErrorRetryAfterKey] as? Double
    }

    /// https://developer.apple.com/documentation/cloudkit/ckerror/serverrecord
    public var serverRecord: CKRecord? { userInfo[CKRecordChangedErrorServerRecordKey] as? CKRecord }

    /// https://developer.apple.com/documentation/cloudkit/ckerror/clientrecord
    public var clientRecord: CKRecord? { userInfo[CKRecordChangedErrorClientRecordKey] as? CKRecord }

    /// https://developer.apple.com/documentation/cloudkit/ckerror/ancestorrecord
    public var ancestorRecord: CKRecord? { userInfo[CKRecordChangedErrorAncestorRecordKey] as? CKRecord }

    /// https://developer.apple.com/documentation/cloudkit/ckerror/partialerrorsbyitemid
    public var partialErrorsByItemID: [AnyHashable: any Error]? { userInfo[CKPartialErrorsByItemIDKey] as? [AnyHashable: any Error] }
}

/// https://developer.apple.com/documentation/cloudkit/ckerrorretryafterkey
public let CKErrorRetryAfterKey: String = "CKRetryAfter"
/// https://developer.apple.com/documentation/cloudkit/ckerroruserdidresetencrypteddatakey
public let CKErrorUserDidResetEncryptedDataKey: String = "CKErrorUserDidResetEncryptedDataKey"
/// https://developer.apple.com/documentation/cloudkit/ckpartialerrorsbyitemidkey
public let CKPartialErrorsByItemIDKey: String = "CKPartialErrors"
/// https://developer.apple.com/documentation/cloudkit/ckrecordchangederrorancestorrecordkey
public let CKRecordChangedErrorAncestorRecordKey: String = "AncestorRecord"
/// https://developer.apple.com/documentation/cloudkit/ckrecordchangederrorclientrecordkey
public let CKRecordChangedErrorClientRecordKey: String = "ClientRecord"
/// https://developer.apple.com/documentation/cloudkit/ckrecordchangederrorserverrecordkey
public let CKRecordChangedErrorServerRecordKey: String = "ServerRecord"
