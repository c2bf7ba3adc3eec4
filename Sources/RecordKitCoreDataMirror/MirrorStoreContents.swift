import Foundation
import RecordKit

/// What a Core Data + CloudKit store (NSPersistentCloudKitContainer's mirroring tables and the entity rows) holds.
public struct MirrorStoreContents: Sendable {
    /// Per database scope (`ANSCKDATABASEMETADATA`): its change token.
    public var databases: [MirroredDatabase]
    /// Per zone (`ANSCKRECORDZONEMETADATA`): its token and flags.
    public var zones: [MirroredZone]
    /// Per record (`ANSCKRECORDMETADATA`): the last server record and the pending flags.
    public var records: [MirroredRecord]
    /// The entity rows of the entities the app's schema describes, as record fields.
    public var rows: [MirroredRow]
    /// The deletes persistent history records, and how far the mirror had exported them.
    public var history: MirroredHistory
    /// What could not be read, each by record name, entity or column; nothing is left out without a problem.
    public var problems: [MirrorProblem]

    /// Records flagged for upload.
    public var pendingUploadCount: Int { records.filter(\.needsUpload).count }
    /// Records flagged for deletion from CloudKit.
    public var pendingCloudDeleteCount: Int { records.filter(\.needsCloudDelete).count }
    /// Records flagged for deletion from the local store.
    public var pendingLocalDeleteCount: Int { records.filter(\.needsLocalDelete).count }
}

/// A database scope's mirror state.
public struct MirroredDatabase: Sendable, Hashable {
    /// `ZDATABASESCOPENUM`: 1 public, 2 private, 3 shared (CKDatabase.Scope's raw values).
    public var scope: Int
    /// `ZDATABASENAME`, for example "Private".
    public var name: String?
    /// The database change token, decoded from its keyed archive.
    public var changeToken: ServerChangeToken?
}

/// A zone's mirror state.
public struct MirroredZone: Sendable, Hashable {
    /// The zone (`ZCKRECORDZONENAME`, `ZCKOWNERNAME`).
    public var zoneID: RecordZoneID
    /// The database scope of the zone (from `ZDATABASE`).
    public var databaseScope: Int?
    /// The zone change token, decoded from its keyed archive.
    public var changeToken: ServerChangeToken?
    /// `ZHASRECORDZONENUM`: the container created the zone on the server.
    public var existsOnServer: Bool
    /// `ZNEEDSIMPORT`: the container must fetch the zone again.
    public var needsImport: Bool
    /// `ZNEEDSRECOVERYFROMZONEDELETE`, `ZNEEDSRECOVERYFROMUSERPURGE`, `ZNEEDSRECOVERYFROMIDENTITYLOSS`.
    public var needsRecovery: Bool
}

/// A record's mirror state.
public struct MirroredRecord: Sendable, Hashable {
    /// `ZCKRECORDNAME` in its zone.
    public var id: RecordID
    /// `ZENTITYID`: the entity's number (`Z_ENT`).
    public var entityID: Int
    /// `ZENTITYPK`: the entity row's primary key (`Z_PK`).
    public var entityPrimaryKey: Int
    /// The entity's name, from `Z_PRIMARYKEY`.
    public var entityName: String?
    /// The last record the server returned (`ZENCODEDRECORD`: one prefix byte, a block stream, a keyed archive),
    /// nil when it is missing or could not be decoded (a problem says which).
    public var serverRecord: Record?
    /// `ZNEEDSUPLOAD`: a local change not yet exported.
    public var needsUpload: Bool
    /// `ZNEEDSCLOUDDELETE`: deleted locally, not yet deleted on the server.
    public var needsCloudDelete: Bool
    /// `ZNEEDSLOCALDELETE`: deleted on the server, not yet locally.
    public var needsLocalDelete: Bool
}

/// An entity row read through the app's schema.
public struct MirroredRow: Sendable, Hashable {
    /// The record type of the row's entity hierarchy.
    public var recordType: String
    /// The row's entity (`Z_ENT` named by `Z_PRIMARYKEY`).
    public var entityName: String
    /// The row's primary key (`Z_PK`).
    public var primaryKey: Int
    /// The mirrored fields with a value (`CD_entityName` included), as the container writes them to CloudKit.
    public var fields: RecordFields
    /// The fields that travel encrypted.
    public var encryptedFields: RecordFields
    /// To-one relationships, by field name: the related record's name.
    public var relationships: [String: String]
    /// Every field the row has a column for (`CD_entityName` included): a field among them but not in
    /// ``fields`` or ``encryptedFields`` is NULL in the row, which clears it.
    public var readFieldNames: [String]
}

/// Something the reader could not read, by what it concerns.
public struct MirrorProblem: Sendable, Hashable, CustomStringConvertible {
    /// The record name, entity or column concerned.
    public var subject: String
    /// What went wrong.
    public var message: String

    /// A problem with `subject`.
    public init(subject: String, message: String) {
        self.subject = subject
        self.message = message
    }

    public var description: String { "\(subject): \(message)" }
}
