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
    ///
    /// Takes the metadata whole and reads its ID and system fields in place (``ArchiveSize/header(of:)``). The
    /// compiler still copies the metadata once on the way in (281 bytes, at the start of `archived()`); handed over
    /// apart, the ID and the system fields were each copied again from that copy (48 and 201 bytes), reading back
    /// stores still in flight.
    @usableFromInline
    static func begin(
        into output: UnsafeMutableBufferPointer<ArchiveByteWriter>, metadata: borrowing RecordMetadata,
        recordType: String, sizes: ModelArchiveSizes
    ) {
        var bytes = ArchiveByteWriter(capacity: archiveSize(metadata: metadata, recordType: recordType, sizes: sizes))
        ArchiveHeader.write(.record, to: &bytes)
        bytes.string(recordType)
        bytes.header(of: metadata)
        bytes.varint(UInt64(sizes.plainCount))
        output.initializeElement(at: 0, to: bytes)
    }

    /// The whole archive's size: header, record type, ID and system fields, both maps, checksum.
    @inline(__always)
    static func archiveSize(metadata: borrowing RecordMetadata, recordType: String, sizes: ModelArchiveSizes) -> Int {
        ArchiveHeader.size + ArchiveSize.string(recordType) + ArchiveSize.header(of: metadata)
            + ArchiveSize.varint(UInt64(sizes.plainCount)) + sizes.plainSize
            + ArchiveSize.varint(UInt64(sizes.encryptedCount)) + sizes.encryptedSize + ArchiveHeader.checksumSize
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
