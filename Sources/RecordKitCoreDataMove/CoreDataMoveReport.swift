import RecordKit
import RecordKitCoreDataMirror

/// What a move from an NSPersistentCloudKitContainer store did, and everything it could not move, each by ID.
public struct CoreDataMoveReport: Sendable, Hashable {
    /// Records moved with nothing to send: the local value is the server record.
    public var unchanged = 0
    /// Records moved with a pending save: a local edit Core Data had not exported.
    public var pendingSaves = 0
    /// Records moved with a pending delete: flagged for cloud deletion (`ZNEEDSCLOUDDELETE`), or their entity row is
    /// gone and persistent history records a delete of it that the mirror had not exported.
    public var pendingDeletes = 0
    /// Records moved as the server has them although something about them is unknown (their entity row is gone
    /// with no recorded delete), each by ID, so that the app can decide.
    public var kept: [KeptRecord] = []
    /// Entity rows Core Data had never exported, moved as new records (a new record name each).
    public var newRecords: [RecordID] = []
    /// Records not moved, with why.
    public var notMoved: [NotMovedRecord] = []
    /// Zones moved without their token (the container was to fetch them again), so the first sync refetches them.
    public var zonesToRefetch: [RecordZoneID] = []
    /// What the reader could not read (columns another model version wrote, damaged tokens), passed on.
    public var readerProblems: [MirrorProblem] = []
}

/// A record the move left out, and why.
public struct NotMovedRecord: Sendable, Hashable, CustomStringConvertible {
    /// Why a record was not moved.
    public enum Reason: Sendable, Hashable {
        /// Its server record could not be decoded (the reader's message).
        case undecodable(String)
        /// Core Data never exported it and the app's schema has no entity for its row.
        case noServerRecord
        /// Its record type is not among the app's entities.
        case entityNotInSchema(String)
        /// The server deleted it and Core Data had not deleted the row yet: there is nothing to keep.
        case deletedOnServer
    }

    /// The record (its name in the Core Data zone).
    public var id: RecordID
    /// Why it was left out.
    public var reason: Reason

    /// A record left out for `reason`.
    public init(id: RecordID, reason: Reason) {
        self.id = id
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .undecodable(let message): "\(id.recordName): its server record cannot be decoded: \(message)"
        case .noServerRecord: "\(id.recordName): no server record and no entity row to send"
        case .entityNotInSchema(let type): "\(id.recordName): record type \(type) is not among the app's entities"
        case .deletedOnServer: "\(id.recordName): deleted on the server, not moved"
        }
    }
}

/// A record the move kept as the server has it (server copy and local value equal, nothing pending) although its
/// local state is unknown, and why.
public struct KeptRecord: Sendable, Hashable, CustomStringConvertible {
    /// Why a record was kept as on the server.
    public enum Reason: Sendable, Hashable {
        /// Its entity row is gone, but neither the mirror (`ZNEEDSCLOUDDELETE`) nor persistent history records a
        /// delete of it: not taken for the user's delete, so the first sync deletes nothing from iCloud.
        case rowMissingWithoutRecordedDelete
    }

    /// The record (its name in the Core Data zone).
    public var id: RecordID
    /// Why it was kept.
    public var reason: Reason

    /// A record kept for `reason`.
    public init(id: RecordID, reason: Reason) {
        self.id = id
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .rowMissingWithoutRecordedDelete: "\(id.recordName): row missing with no recorded delete: kept as on the server"
        }
    }
}
