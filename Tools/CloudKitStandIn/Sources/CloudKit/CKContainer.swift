import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckcontainer
/// The sharing calls answer with the test's scripted ``Responses`` (a call without one throws
/// `CKError(.internalError)`), as `CKDatabase` does.
open class CKContainer: NSObject, @unchecked Sendable {
    private static let shared = CKContainer(identifier: "iCloud.standin.default")

    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/containeridentifier
    public let containerIdentifier: String?
    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/privateclouddatabase
    public let privateCloudDatabase = CKDatabase(scope: .private)
    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/sharedclouddatabase
    public let sharedCloudDatabase = CKDatabase(scope: .shared)

    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/default()
    open class func `default`() -> CKContainer { shared }

    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/init(identifier:)
    public init(identifier containerIdentifier: String) {
        self.containerIdentifier = containerIdentifier
    }

    /// Not Apple API: what the stand-in's container answers, set by a test.
    package struct Responses: Sendable {
        package var shareMetadata: (@Sendable (URL) throws -> CKShare.Metadata)?
        package var accept: (@Sendable (CKShare.Metadata) throws -> CKShare)?
        package var shareParticipant: (@Sendable (CKUserIdentity.LookupInfo) throws -> CKShare.Participant)?

        package init() {}
    }

    private let lock = NSLock()
    private var scripted = Responses()

    /// Not Apple API: the scripted answers.
    package var responses: Responses {
        get { lock.withLock { scripted } }
        set { lock.withLock { scripted = newValue } }
    }

    private func answer<T>(_ body: ((Responses) -> T?)) throws -> T {
        guard let value = body(responses) else { throw CKError(.internalError) }
        return value
    }

    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/sharemetadata(for:)
    public func shareMetadata(for url: URL) async throws -> CKShare.Metadata {
        try answer { $0.shareMetadata }(url)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/accept(_:)-5vv8p
    public func accept(_ metadata: CKShare.Metadata) async throws -> CKShare {
        try answer { $0.accept }(metadata)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/shareparticipant(foruserrecordid:)
    public func shareParticipant(forUserRecordID userRecordID: CKRecord.ID) async throws -> CKShare.Participant {
        try answer { $0.shareParticipant }(CKUserIdentity.LookupInfo(userRecordID: userRecordID))
    }

    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/shareparticipant(foremailaddress:)
    public func shareParticipant(forEmailAddress emailAddress: String) async throws -> CKShare.Participant {
        try answer { $0.shareParticipant }(CKUserIdentity.LookupInfo(emailAddress: emailAddress))
    }

    /// https://developer.apple.com/documentation/cloudkit/ckcontainer/shareparticipant(forphonenumber:)
    public func shareParticipant(forPhoneNumber phoneNumber: String) async throws -> CKShare.Participant {
        try answer { $0.shareParticipant }(CKUserIdentity.LookupInfo(phoneNumber: phoneNumber))
    }
}
