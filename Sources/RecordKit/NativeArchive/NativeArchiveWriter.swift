import Foundation

/// Writes a record list to a file one record at a time, in exactly the bytes ``NativeArchive/encode(_:)-([Record])``
/// gives for the same records.
///
/// Call ``finish()`` when done: it writes the trailer that tells readers the list is complete. Records appended
/// before a crash stay readable; the reader reports the missing trailer after delivering them.
public final class NativeArchiveWriter {
    private let handle: FileHandle
    private let closesHandle: Bool
    private var writer = ArchiveByteWriter(capacity: NativeArchiveWriter.flushThreshold + 4096)
    /// The file offset of `writer.bytes[0]`, for error offsets.
    private var flushedBytes: Int
    private var isFinished = false

    /// How many records have been appended.
    public private(set) var count = 0

    private static let flushThreshold = 64 << 10

    /// Creates (or empties) the file at `url` and writes the archive header.
    public convenience init(creating url: URL) throws(NativeArchiveError) {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw NativeArchiveError(.io("cannot create \(url.path)"), at: 0)
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: url)
        } catch {
            throw NativeArchiveError(.io("cannot open \(url.path): \(error.localizedDescription)"), at: 0)
        }
        try self.init(handle: handle, startOffset: 0, closesHandle: true)
    }

    /// Writes the archive header at the handle's current position; the handle stays open after ``finish()``.
    public convenience init(fileHandle: FileHandle) throws(NativeArchiveError) {
        let offset: UInt64
        do {
            offset = try fileHandle.offset()
        } catch {
            throw NativeArchiveError(.io("cannot read the file position: \(error.localizedDescription)"), at: 0)
        }
        try self.init(handle: fileHandle, startOffset: Int(clamping: offset), closesHandle: false)
    }

    private init(handle: FileHandle, startOffset: Int, closesHandle: Bool) throws(NativeArchiveError) {
        self.handle = handle
        self.closesHandle = closesHandle
        self.flushedBytes = startOffset
        ArchiveHeader.write(.recordList, to: &writer)
        try flush()
    }

    deinit {
        // Best effort: keep what was appended readable even if finish() was never called.
        if !isFinished {
            try? flush()
            if closesHandle { try? handle.close() }
        }
    }

    /// Appends one record.
    public func append(_ record: Record) throws(NativeArchiveError) {
        guard !isFinished else { throw NativeArchiveError(.writerFinished, at: flushedBytes + writer.count) }
        writer.frame(record)
        count += 1
        if writer.count >= Self.flushThreshold { try flush() }
    }

    /// Appends records in order.
    public func append(contentsOf records: some Sequence<Record>) throws(NativeArchiveError) {
        for record in records { try append(record) }
    }

    /// Writes the trailer, flushes, and closes the file if this writer opened it.
    public func finish() throws(NativeArchiveError) {
        guard !isFinished else { throw NativeArchiveError(.writerFinished, at: flushedBytes + writer.count) }
        writer.trailer(recordCount: count)
        try flush()
        isFinished = true
        if closesHandle {
            do {
                try handle.close()
            } catch {
                throw NativeArchiveError(.io("cannot close the file: \(error.localizedDescription)"), at: flushedBytes)
            }
        }
    }

    /// Writes the buffered bytes to the file.
    private func flush() throws(NativeArchiveError) {
        guard writer.count > 0 else { return }
        do {
            let pending = writer.writtenBytes
            if let start = pending.baseAddress {
                // A view of the buffer, not a copy; the write completes before the buffer changes.
                let view = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: pending.count, deallocator: .none)
                try handle.write(contentsOf: view)
            }
        } catch {
            throw NativeArchiveError(.io("cannot write: \(error.localizedDescription)"), at: flushedBytes)
        }
        flushedBytes += writer.count
        writer.removeAll()
    }
}
