import Foundation
import RecordKit
import RecordKitSync

extension CloudKitSimulator {
    /// The user named `name` (a user record name) of this simulated container: their private database, their
    /// shared database, and what they do with share URLs.
    ///
    /// Every user's zones live in this one simulator, under the owner's name; sharing moves nothing. The owner
    /// names their zones with the default owner name in their private database, participants name them with the
    /// owner's name in their shared databases. Users exist once named; the simulator knows them by name, and
    /// by the email address and phone number ``registerUser(_:emailAddress:phoneNumber:)`` gives them.
    public nonisolated func user(_ name: String) -> SimulatedUser {
        SimulatedUser(name: name, simulator: self)
    }

    /// The user named `name`, who can also be invited to shares by `emailAddress` or `phoneNumber`: an invitation
    /// by either (a `ShareParticipant` whose identity has no user record name) is theirs when they fetch the
    /// share's metadata and accept it. Calling it again replaces the user's address and number.
    /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo
    public func registerUser(_ name: String, emailAddress: String? = nil, phoneNumber: String? = nil) -> SimulatedUser {
        sharing.contacts[name] = UserContact(emailAddress: emailAddress, phoneNumber: phoneNumber)
        return user(name)
    }

    /// Runs one request of `user` under the rules of their database; `device`, if named, sent it (the pushes of
    /// share changes skip it, as record changes skip the device that saved them).
    func serving<T>(_ user: ActingUser, from device: String? = nil, _ body: () throws(CloudError) -> T) throws(CloudError) -> T {
        let previous = acting, previousDevice = sharing.requestDevice
        acting = user
        sharing.requestDevice = device
        defer {
            acting = previous
            sharing.requestDevice = previousDevice
        }
        return try body()
    }

    func userSaveZones(_ zoneIDs: [RecordZoneID], as user: ActingUser) throws(CloudError) -> [Result<RecordZone, CloudError>] {
        let mapping = ZoneOwnerMapping(user)
        return try serving(user) { () throws(CloudError) in
            try saveZonesNow(zoneIDs.map(mapping.toServer)).map { result in
                result.map { var zone = $0; zone.id = mapping.toClient(zone.id); return zone }.mapError(mapping.toClient)
            }
        }
    }

    func userDeleteZones(
        _ zoneIDs: [RecordZoneID], as user: ActingUser, from device: String?
    ) throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        // Zones of the shared database belong to their owners: a participant leaves a share by deleting the share.
        // https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared
        if user.scope == .shared {
            _ = try beginRequest(.deleteZones)
            return zoneIDs.map { .failure(.permissionFailure("user \(user.name) cannot delete zone \($0), which another user owns")) }
        }
        let mapping = ZoneOwnerMapping(user)
        return try serving(user) { () throws(CloudError) in
            try deleteZones(zoneIDs.map(mapping.toServer), from: device).map { $0.map(mapping.toClient).mapError(mapping.toClient) }
        }
    }

    func userModifyRecords(
        _ request: ModifyRecordsRequest, as user: ActingUser, from device: String?
    ) throws(CloudError) -> ModifyRecordsResult {
        let mapping = ZoneOwnerMapping(user)
        return try serving(user) { () throws(CloudError) in
            do throws(CloudError) {
                return mapping.toClient(try modifyRecords(mapping.toServer(request), from: device))
            } catch {
                throw mapping.toClient(error)
            }
        }
    }

    func userFetchRecords(_ ids: [RecordID], as user: ActingUser) throws(CloudError) -> [RecordItemResult] {
        let mapping = ZoneOwnerMapping(user)
        return try serving(user) { () throws(CloudError) in try fetchRecordsNow(ids.map(mapping.toServer)).map(mapping.toClient) }
    }

    func userFetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?, as user: ActingUser
    ) throws(CloudError) -> ZoneChangesPage {
        let mapping = ZoneOwnerMapping(user)
        return try serving(user) { () throws(CloudError) in
            do throws(CloudError) {
                return mapping.toClient(try fetchZoneChangesNow(mapping.toServer(zoneID), since: token, resultsLimit: resultsLimit))
            } catch {
                throw mapping.toClient(error)
            }
        }
    }

    func userFetchDatabaseChanges(since token: ServerChangeToken?, as user: ActingUser) throws(CloudError) -> DatabaseChangesPage {
        let mapping = ZoneOwnerMapping(user)
        return try serving(user) { () throws(CloudError) in mapping.toClient(try fetchDatabaseChangesNow(since: token)) }
    }

    func userSaveShare(
        _ share: RecordShare, rootRecord: Record?, as user: ActingUser, from device: String?
    ) throws(CloudError) -> RecordShare {
        let mapping = ZoneOwnerMapping(user)
        return try serving(user, from: device) { () throws(CloudError) in
            do throws(CloudError) {
                return mapping.toClient(try saveShareNow(mapping.toServer(share), rootRecord: rootRecord.map(mapping.toServer)))
            } catch {
                throw mapping.toClient(error)
            }
        }
    }

    func userFetchShare(_ id: RecordID, as user: ActingUser) throws(CloudError) -> RecordShare {
        let mapping = ZoneOwnerMapping(user)
        return try serving(user) { () throws(CloudError) in
            do throws(CloudError) {
                return mapping.toClient(try fetchShareNow(mapping.toServer(id)))
            } catch {
                throw mapping.toClient(error)
            }
        }
    }

    func userDeleteShare(_ id: RecordID, as user: ActingUser, from device: String?) throws(CloudError) {
        let mapping = ZoneOwnerMapping(user)
        try serving(user, from: device) { () throws(CloudError) in
            do throws(CloudError) {
                try deleteShareNow(mapping.toServer(id))
            } catch {
                throw mapping.toClient(error)
            }
        }
    }

    // MARK: Inspection

    /// The share with this ID (its zone named by its owner's user record name), as the server holds it.
    public func serverShare(_ id: RecordID) -> RecordShare? {
        sharing.shares[id]
    }

    /// Every share the server holds, sorted by ID.
    public func serverShares() -> [RecordShare] {
        sharing.shares.values.sorted { $0.id < $1.id }
    }

    /// The zones in `user`'s shared database: those of the shares they accepted, sorted.
    public func sharedZoneIDs(of user: String) -> [RecordZoneID] {
        (sharing.accessMap()[user] ?? []).sorted()
    }

    /// The records `user` may read in their shared database, sorted by ID.
    public func sharedRecords(of user: String) -> [Record] {
        sharedZoneIDs(of: user).flatMap { zoneID in
            (zones[zoneID]?.records.values.map(\.record) ?? []).filter { permission(of: user, for: $0, sent: [:]) != nil }
        }.sorted { $0.id < $1.id }
    }
}

extension ZoneOwnerMapping {
    /// The mapping of a user's database: their private database names their own zones with the default owner.
    init(_ user: ActingUser) {
        self.init(owner: user.scope == .private ? user.name : nil)
    }
}
