import Foundation

/// What a generated model keeps besides its typed properties, so that ``RecordModel/record()`` writes back
/// everything ``RecordModel/init(record:)`` read: the record's ID, its system fields, the fields this version
/// of the model does not know (written by a newer app version, or retired), and the version it was read from.
public struct RecordMetadata: Sendable, Hashable {
    /// The record's ID.
    public var recordID: RecordID
    /// The server's system fields (change tag, dates, users): saving an edited copy needs the change tag.
    public var system: SystemFields
    /// Unencrypted fields the model does not declare, kept for the round trip.
    public var unknownFields: RecordFields
    /// Encrypted fields the model does not declare, kept for the round trip.
    public var unknownEncryptedFields: RecordFields
    /// The version the record was decoded from (1 when it had no version field); nil for a model made in code.
    ///
    /// Provenance, not data: it takes no part in `==` or hashing, so a model equals itself read back.
    public var decodedVersion: Int?

    /// Metadata for a record: by default a new record with no server state.
    @inlinable
    public init(
        recordID: RecordID,
        system: SystemFields = SystemFields(),
        unknownFields: RecordFields = RecordFields(),
        unknownEncryptedFields: RecordFields = RecordFields(),
        decodedVersion: Int? = nil
    ) {
        self.recordID = recordID
        self.system = system
        self.unknownFields = unknownFields
        self.unknownEncryptedFields = unknownEncryptedFields
        self.decodedVersion = decodedVersion
    }

    public static func == (lhs: RecordMetadata, rhs: RecordMetadata) -> Bool {
        lhs.recordID == rhs.recordID && lhs.system == rhs.system && lhs.unknownFields == rhs.unknownFields
            && lhs.unknownEncryptedFields == rhs.unknownEncryptedFields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(recordID)
        hasher.combine(system)
        hasher.combine(unknownFields)
        hasher.combine(unknownEncryptedFields)
    }
}
