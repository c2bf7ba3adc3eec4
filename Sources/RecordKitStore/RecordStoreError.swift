import Foundation
import GRDB
import RecordKit

/// Why the store refused or failed an operation. Every case about a record names its ID and type.
public enum RecordStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which stored copy of a record a corrupt-bytes error is about.
    public enum Copy: String, Sendable, Hashable {
        /// The local value (what the app last saved, or the last server record when nothing is pending).
        case local
        /// The last server record: the ancestor of a three-way merge.
        case server
    }

    /// The store was written by a newer version of RecordKitStore, whose schema this version cannot read.
    case newerStoreSchema(found: Int, supported: Int)
    /// A table prefix that is not a plain SQL identifier (letters, digits, `_`, not starting with a digit).
    case invalidTablePrefix(String)
    /// The stored bytes of a record do not form a native archive: the row is kept, other rows still read.
    case corruptRecord(RecordID, recordType: String, copy: Copy, NativeArchiveError)
    /// The stored record is intact but this app's model cannot read it (a newer version it refuses, a missing
    /// field): the record stays stored, unchanged, and is sent and merged as it is.
    case undecodable(RecordID, recordType: String, RecordDecodingError)
    /// The ID is stored as a record of another type than the one asked for or saved.
    case typeMismatch(RecordID, stored: String, requested: String)
    /// A stored change token or sync value is corrupt.
    case corruptState(String, NativeArchiveError)
    /// A column of the store's tables holds a value of a type the store never writes there (SQLite keeps any
    /// type in any column: a damaged file, or another program's writes). The record ID is nil when the ID
    /// columns themselves are unreadable, or for rows that are not records.
    case corruptColumn(RecordID?, table: String, column: String, found: String)
    /// A record name, zone name, owner name or record type holds a NUL character, which the store cannot keep
    /// (SQLite text as GRDB binds it ends at a NUL, so the name would become another record's). Nothing was read
    /// or written.
    case unstorableName(String, what: String)
    /// The database is full (disk full, or SQLite's `max_page_count`): the transaction was rolled back and
    /// everything committed before it is intact.
    case diskFull(message: String)
    /// Any other SQLite error: its result code and message.
    case database(code: Int32, message: String)
    /// The store's file was opened, but its data protection class could not be set (Apple platforms).
    case fileProtectionFailed(path: String, reason: String)
    /// The store's generation counter (a row of its state table) is missing: the file was damaged, or written
    /// by another program. Nothing of the change was stored.
    case missingGenerationCounter(table: String)
    /// A move into the store (``RecordStore/moveIn(records:zones:databaseToken:)``) was given a record with no
    /// local value; nothing was moved.
    case movedRecordWithoutValue(RecordID, recordType: String)
    /// A move into the store found it holding records already: a move fills an empty store; nothing was moved.
    case moveIntoNonEmptyStore(recordCount: Int)
    /// The task was cancelled while it waited for the database; nothing of the change was stored.
    case cancelled
    /// An error the store does not expect from GRDB (neither SQLite's nor a cancellation): its type and text.
    case unexpected(String)
    /// An asset of the record could not be taken into (or read from) the store's asset folder: the record and the
    /// field it is in, and why. Nothing of the change that carried it was stored.
    case asset(RecordID, recordType: String, field: String, AssetFileError)
    /// The store's asset folder cannot be created or used.
    case assetFolder(AssetFileError)
    /// A query names a field the store's projection of the record type does not have: a field this app version's
    /// model does not declare (retired, or from a newer version). Nothing was read.
    case unknownQueryField(recordType: String, field: String)
    /// A query asks the projection for something it cannot answer on this field (a token match on a field that is
    /// not searchable, a comparison the field's kind has no order for). Nothing was read.
    case unsupportedQuery(recordType: String, field: String, reason: String)
    /// A query of a record type the store keeps no projection of: its model was not among the models the store
    /// was opened with. Nothing was read.
    case notProjected(recordType: String)
    /// A local save or delete of a record in a shared zone the user lost access to, whose records were removed
    /// (``SharedZoneLossPolicy/deleteRecords``, ``StoredZone/isLost``): the zone is another owner's, and no engine
    /// may send to it. Nothing of the change was stored. The zone takes writes again once it is shared with the
    /// user again.
    case lostSharedZone(RecordID, recordType: String)
    /// The stored bytes of a share (`RecordShare`, by its record ID) do not decode: the row is kept, other shares
    /// still read.
    case corruptShare(RecordID, reason: String)

    public var description: String {
        switch self {
        case let .newerStoreSchema(found, supported):
            "the store was written by a newer RecordKitStore (store schema version \(found); this version reads up to \(supported)): update the app, or open another file"
        case let .invalidTablePrefix(prefix):
            "table prefix '\(prefix)' is not a plain SQL identifier (letters, digits and _, not starting with a digit)"
        case let .corruptRecord(id, recordType, copy, error):
            "\(recordType) record '\(id.recordName)' in zone \(id.zoneID): the stored \(copy.rawValue) copy is corrupt: \(error)"
        case let .undecodable(id, recordType, error):
            "\(recordType) record '\(id.recordName)' in zone \(id.zoneID) cannot be read by this app version (kept as it is): \(error)"
        case let .typeMismatch(id, stored, requested):
            "record '\(id.recordName)' in zone \(id.zoneID) is stored as a \(stored) record, not a \(requested) record"
        case let .corruptState(what, error):
            "the stored \(what) is corrupt: \(error)"
        case let .corruptColumn(id?, table, column, found):
            "record '\(id.recordName)' in zone \(id.zoneID): column \(column) of \(table) holds \(found), which the store never writes there"
        case let .unstorableName(name, what):
            "the \(what) \(name.debugDescription) holds a NUL character, which the store cannot keep; nothing was read or written"
        case let .corruptColumn(nil, table, column, found):
            "a row of \(table) is corrupt: its column \(column) holds \(found), which the store never writes there"
        case let .diskFull(message):
            "the database is full; nothing of this change was stored (SQLite: \(message))"
        case let .database(code, message):
            "SQLite error \(code): \(message)"
        case let .fileProtectionFailed(path, reason):
            "cannot set the data protection class of the store at \(path): \(reason)"
        case let .missingGenerationCounter(table):
            "the store's generation counter is missing from \(table): the file is damaged or was written by another program"
        case let .movedRecordWithoutValue(id, recordType):
            "moved \(recordType) record '\(id.recordName)' in zone \(id.zoneID) has no local value; nothing was moved"
        case let .moveIntoNonEmptyStore(count):
            "the store already holds \(count) records: a move fills an empty store; nothing was moved"
        case .cancelled:
            "the store operation was cancelled before it ran; nothing of it was stored"
        case let .unexpected(text):
            "unexpected error from the database layer: \(text)"
        case let .asset(id, recordType, field, error):
            "\(recordType) record '\(id.recordName)' in zone \(id.zoneID), field '\(field)': \(error)"
        case let .assetFolder(error):
            "the store's asset folder: \(error)"
        case let .unknownQueryField(recordType, field):
            "\(recordType).\(field) is not a field of this app version's \(recordType) model, so the store's projection has no column for it"
        case let .unsupportedQuery(recordType, field, reason):
            "\(recordType).\(field): \(reason)"
        case let .notProjected(recordType):
            "the store keeps no queryable table of \(recordType): pass its model to the store when opening it"
        case let .lostSharedZone(id, recordType):
            "\(recordType) record '\(id.recordName)': zone \(id.zoneID) is a shared zone the user lost access to; nothing of the change was stored"
        case let .corruptShare(id, reason):
            "share '\(id.recordName)' in zone \(id.zoneID): the stored share is corrupt: \(reason)"
        }
    }

    /// Wraps an error thrown through GRDB: store errors pass through, SQLite errors are classified.
    init(_ error: any Error) {
        if let error = error as? RecordStoreError {
            self = error
        } else if let error = error as? DatabaseError {
            let message = error.message ?? "\(error.resultCode)"
            if error.resultCode == .SQLITE_FULL {
                self = .diskFull(message: message)
            } else {
                self = .database(code: error.extendedResultCode.rawValue, message: message)
            }
        } else if error is CancellationError {
            self = .cancelled
        } else {
            self = .unexpected("\(type(of: error)): \(error)")
        }
    }
}
