import Foundation
import RecordKit
import RecordKitSync

/// One user of a ``CloudKitSimulator`` holding several users: their private and shared databases, and what they
/// do with share URLs (`ShareAccepting`).
///
/// ```swift
/// let simulator = CloudKitSimulator()
/// let alice = simulator.user("alice"), bob = simulator.user("bob")
/// var share = RecordShare(rootRecordID: folder.id, participants: [
///     ShareParticipant(identity: ShareUserIdentity(userRecordName: "bob"), permission: .readWrite)])
/// share = try await alice.privateDatabase.saveShare(share, rootRecord: folder)
/// let metadata = try await bob.fetchShareMetadata(share.url!)
/// _ = try await bob.acceptShare(metadata)   // alice's zone is now in bob's shared database
/// ```
public struct SimulatedUser: ShareAccepting, Hashable {
    /// The user's record name: the owner name of their zones in other users' shared databases.
    public let name: String
    /// The simulator holding every user's zones.
    public let simulator: CloudKitSimulator

    init(name: String, simulator: CloudKitSimulator) {
        self.name = name
        self.simulator = simulator
    }

    /// The user's private database: the zones they own, named with the default owner; shares are saved here.
    public var privateDatabase: SimulatedUserDatabase { SimulatedUserDatabase(user: name, scope: .private, simulator: simulator) }

    /// The user's shared database: the zones of the shares they accepted, named with their owners' names.
    public var sharedDatabase: SimulatedUserDatabase { SimulatedUserDatabase(user: name, scope: .shared, simulator: simulator) }

    public func fetchShareMetadata(_ url: URL) async throws(CloudError) -> ShareMetadata {
        try await simulator.userShareMetadata(url, for: name)
    }

    public func acceptShare(_ metadata: ShareMetadata) async throws(CloudError) -> RecordShare {
        try await simulator.userAcceptShare(metadata, by: name)
    }

    public static func == (lhs: SimulatedUser, rhs: SimulatedUser) -> Bool {
        lhs.name == rhs.name && lhs.simulator === rhs.simulator
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(ObjectIdentifier(simulator))
    }
}

extension CloudKitSimulator {
    func userShareMetadata(_ url: URL, for user: String) throws(CloudError) -> ShareMetadata {
        try shareMetadataNow(url, for: user)
    }

    func userAcceptShare(_ metadata: ShareMetadata, by user: String) throws(CloudError) -> RecordShare {
        try acceptShareNow(metadata, by: user)
    }
}

/// One user's private or shared database in a ``CloudKitSimulator`` of several users.
///
/// Requests meet the simulator's rules, faults and limits, plus the sharing rules of the user's place: in the
/// private database, only the user's own zones; in the shared database, only the zones of shares the user accepted,
/// the records those shares cover, and writes only with read-write permission (`CloudError.permissionFailure`
/// otherwise, item by item).
public struct SimulatedUserDatabase: CloudSharing {
    /// The user whose database this is.
    public let user: String
    public let scope: DatabaseScope
    /// The simulator holding every user's zones.
    public let simulator: CloudKitSimulator
    /// The device sending the requests, if named: the pushes its changes cause go to every other device.
    public var deviceID: String?

    /// The database of `user` of this `scope` (private or shared).
    public init(user: String, scope: DatabaseScope, simulator: CloudKitSimulator, deviceID: String? = nil) {
        self.user = user
        self.scope = scope
        self.simulator = simulator
        self.deviceID = deviceID
    }

    private var acting: ActingUser { ActingUser(name: user, scope: scope) }

    public func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        try await simulator.userSaveZones(zoneIDs, as: acting)
    }

    public func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        try await simulator.userDeleteZones(zoneIDs, as: acting, from: deviceID)
    }

    public func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        try await simulator.userModifyRecords(request, as: acting, from: deviceID)
    }

    public func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] {
        try await simulator.userFetchRecords(ids, as: acting)
    }

    public func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage {
        try await simulator.userFetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit, as: acting)
    }

    public func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        try await simulator.userFetchDatabaseChanges(since: token, as: acting)
    }

    /// Subscriptions are this user's, in this database: a change in a zone the user owns fires their private
    /// database's subscriptions, a change in a zone shared with them their shared database's (database
    /// subscriptions only), and no other user's. Saving from a ``deviceID`` registers that device for the pushes.
    public func modifySubscriptions(
        saving: [Subscription], deleting: [String]
    ) async throws(CloudError) -> SubscriptionModifyResult {
        try await simulator.userModifySubscriptions(saving: saving, deleting: deleting, as: acting, from: deviceID)
    }

    public func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        try await simulator.userFetchAllSubscriptions(as: acting)
    }

    public func saveShare(_ share: RecordShare, rootRecord: Record?) async throws(CloudError) -> RecordShare {
        try await simulator.userSaveShare(share, rootRecord: rootRecord, as: acting, from: deviceID)
    }

    public func fetchShare(_ id: RecordID) async throws(CloudError) -> RecordShare {
        try await simulator.userFetchShare(id, as: acting)
    }

    public func deleteShare(_ id: RecordID) async throws(CloudError) {
        try await simulator.userDeleteShare(id, as: acting, from: deviceID)
    }
}
