import RecordKit

/// What an engine does next about one change the server did not accept: the one reading of a ``CloudError``
/// both engines follow, each acting on it with its own scheduling.
enum SendFailure: Equatable {
    /// The server holds a newer record: merge it with the schema's rule against the stored ancestor and send the
    /// result on the server's change tag, a bounded number of times.
    case merge(serverRecord: Record)
    /// The server no longer has the record the edit was based on: forget the server copy, send it again as new.
    case sendAsNew
    /// Nothing is left to do: the record (or its zone) is gone already, which is what a delete asked for.
    case done
    /// The zone does not exist: create it, then send the change again.
    case createZone(RecordZoneID)
    /// The zone is lost (the user deleted it, or reset their encrypted data): the zone-loss policy applies.
    case zoneLost(RecordZoneID, ZoneResetReason)
    /// Too large for any request: park the record until the app edits it, so the changes behind it are sent.
    case park
    /// Held back by another item of its atomic zone: it goes again.
    case sendAgain
    /// A passing failure (network, throttling): the change stays pending and is tried again later.
    case retryLater
    /// Refused for another reason: reported; the change stays pending for a later send.
    case report

    /// What follows a failed save.
    init(save error: CloudError) {
        switch error {
        case let .serverRecordChanged(server, _): self = .merge(serverRecord: server)
        case .unknownItem: self = .sendAsNew
        case let .zoneNotFound(zoneID): self = .createZone(zoneID)
        case .limitExceeded: self = .park
        default: self.init(any: error)
        }
    }

    /// What follows a failed delete: a record or zone already gone is deleted.
    init(delete error: CloudError) {
        switch error {
        case .unknownItem, .zoneNotFound: self = .done
        default: self.init(any: error)
        }
    }

    /// What follows any change's failure that is not about the record itself.
    private init(any error: CloudError) {
        switch error {
        case let .userDeletedZone(zoneID): self = .zoneLost(zoneID, .userDeletedZone)
        case let .encryptedDataReset(zoneID): self = .zoneLost(zoneID, .encryptedDataReset)
        case .batchRequestFailed: self = .sendAgain
        case let error where error.isTransient: self = .retryLater
        default: self = .report
        }
    }
}

/// What an engine does next about a zone whose changes could not be fetched.
enum ZoneFetchFailure: Equatable {
    /// The zone does not exist: the store notes it (and an engine that creates the app's zones creates it).
    case zoneMissing
    /// The zone is lost (the user deleted it, or reset their encrypted data): the zone-loss policy applies.
    case zoneLost(ZoneResetReason)
    /// Anything else: the fetch is tried again (by the engine's retries, or at the next fetch).
    case retry

    init(_ error: CloudError) {
        switch error {
        case .zoneNotFound: self = .zoneMissing
        case .userDeletedZone: self = .zoneLost(.userDeletedZone)
        case .encryptedDataReset: self = .zoneLost(.encryptedDataReset)
        default: self = .retry
        }
    }
}
