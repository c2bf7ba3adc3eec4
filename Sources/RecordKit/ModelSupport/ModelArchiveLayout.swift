import Foundation

/// What the size pass of ``ModelArchiveWriter`` counts: the entries and bytes of each field map, and how many
/// declared fields go to the encrypted map.
@usableFromInline
struct ModelArchiveSizes {
    @usableFromInline var plainCount = 0
    @usableFromInline var plainSize = 0
    @usableFromInline var encryptedCount = 0
    @usableFromInline var encryptedSize = 0
    @usableFromInline var declaredEncrypted = 0

    @usableFromInline init() {}
}

/// The steps of a model archive around its field passes, called from the inlined
/// ``ModelArchiveWriter/archive(_:versionField:)``. Not generic, so each is compiled once and needs no metadata
/// of the model's type.
@usableFromInline
enum ModelArchiveLayout {
    /// Initializes `output` with a writer of the archive's final size holding everything before the plain field
    /// map's entries: the header, the record type, ID and system fields, and the plain map's count.
    @usableFromInline
    static func begin(
        into output: UnsafeMutableBufferPointer<ArchiveByteWriter>, recordID: borrowing RecordID,
        system: borrowing SystemFields, recordType: String, sizes: ModelArchiveSizes
    ) {
        let size = ArchiveHeader.size + ArchiveSize.string(recordType) + ArchiveSize.recordID(recordID)
            + ArchiveSize.systemFields(system)
            + ArchiveSize.varint(UInt64(sizes.plainCount)) + sizes.plainSize
            + ArchiveSize.varint(UInt64(sizes.encryptedCount)) + sizes.encryptedSize + ArchiveHeader.checksumSize
        var bytes = ArchiveByteWriter(capacity: size)
        ArchiveHeader.write(.record, to: &bytes)
        bytes.string(recordType)
        bytes.recordID(recordID)
        bytes.systemFields(system)
        bytes.varint(UInt64(sizes.plainCount))
        output.initializeElement(at: 0, to: bytes)
    }

    /// Writes the encrypted map's count, after the plain map's last entry.
    @usableFromInline
    static func beginEncryptedMap(_ sizes: ModelArchiveSizes, _ output: UnsafeMutableBufferPointer<ArchiveByteWriter>) {
        output[0].varint(UInt64(sizes.encryptedCount))
    }

    /// Appends the checksum and hands the bytes over, leaving `output` uninitialized.
    @usableFromInline
    static func finish(_ output: UnsafeMutableBufferPointer<ArchiveByteWriter>) -> Data {
        output[0].appendChecksum()
        return output.moveElement(from: 0).takeData()
    }
}
