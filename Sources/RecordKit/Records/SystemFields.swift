import Foundation

/// The fields the server maintains on every record.
///
/// Kept with a record so an edited copy can be saved back with the change tag the server expects,
/// and so an older app version writes back exactly what it read.
public struct SystemFields: Sendable {
    /// The server's version tag of the record (CKRecord `recordChangeTag`, Web Services `recordChangeTag`,
    /// keyed archive `ETag`). Nil for a record the server has never seen.
    public var changeTag: String?
    /// When the record was first saved.
    public var creationDate: Date?
    /// The user record name of the record's creator.
    public var creatorUserRecordName: String?
    /// When the record was last saved.
    public var modificationDate: Date?
    /// The user record name of whoever saved the record last.
    public var lastModifiedUserRecordName: String?
    /// The device that saved the record last.
    public var modifiedByDevice: String?
    /// The record's parent, for hierarchical sharing.
    public var parent: Reference?
    /// The share that the record is the root of.
    public var share: Reference?

    /// Creates system fields; everything defaults to absent.
    public init(
        changeTag: String? = nil,
        creationDate: Date? = nil,
        creatorUserRecordName: String? = nil,
        modificationDate: Date? = nil,
        lastModifiedUserRecordName: String? = nil,
        modifiedByDevice: String? = nil,
        parent: Reference? = nil,
        share: Reference? = nil
    ) {
        self.changeTag = changeTag
        self.creationDate = creationDate
        self.creatorUserRecordName = creatorUserRecordName
        self.modificationDate = modificationDate
        self.lastModifiedUserRecordName = lastModifiedUserRecordName
        self.modifiedByDevice = modifiedByDevice
        self.parent = parent
        self.share = share
    }
}

extension SystemFields: Hashable {
    /// Dates compare by bit pattern (see ``FieldValue``), so equal archives always decode to equal values.
    public static func == (lhs: SystemFields, rhs: SystemFields) -> Bool {
        lhs.changeTag == rhs.changeTag
            && sameDate(lhs.creationDate, rhs.creationDate)
            && lhs.creatorUserRecordName == rhs.creatorUserRecordName
            && sameDate(lhs.modificationDate, rhs.modificationDate)
            && lhs.lastModifiedUserRecordName == rhs.lastModifiedUserRecordName
            && lhs.modifiedByDevice == rhs.modifiedByDevice
            && lhs.parent == rhs.parent
            && lhs.share == rhs.share
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(changeTag)
        hashDate(creationDate, into: &hasher)
        hasher.combine(creatorUserRecordName)
        hashDate(modificationDate, into: &hasher)
        hasher.combine(lastModifiedUserRecordName)
        hasher.combine(modifiedByDevice)
        hasher.combine(parent)
        hasher.combine(share)
    }
}
