import Foundation

/// A file read forward in chunks into one buffer that holds the unconsumed bytes.
final class ChunkedFile {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// Index in `buffer` of the first unconsumed byte.
    private(set) var bufferPosition = 0
    /// File offset of `buffer[0]`.
    private var bufferOffset = 0
    private var atEnd = false

    private static let chunkSize = 64 << 10

    init(url: URL) throws(NativeArchiveError) {
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw NativeArchiveError(.io("cannot open \(url.path): \(error.localizedDescription)"), at: 0)
        }
    }

    /// Unconsumed bytes in the buffer.
    var available: Int { buffer.count - bufferPosition }
    /// File offset of the first unconsumed byte.
    var position: Int { bufferOffset + bufferPosition }

    /// Runs `body` with the buffer, the file offset of its first byte and the first unconsumed index.
    func withAvailableBytes<Value>(
        _ body: (UnsafeRawBufferPointer, Int, Int) throws(NativeArchiveError) -> Value
    ) throws(NativeArchiveError) -> Value {
        let result = buffer.withUnsafeBytes { raw in
            Result { () throws(NativeArchiveError) -> Value in try body(raw, bufferOffset, bufferPosition) }
        }
        return try result.get()
    }

    /// Marks the bytes before buffer index `index` as consumed.
    func consume(upTo index: Int) {
        bufferPosition = min(index, buffer.count)
    }

    /// Reads until at least `count` unconsumed bytes are buffered; false if the file ends first.
    func fill(atLeast count: Int) throws(NativeArchiveError) -> Bool {
        if available >= count { return true }
        if bufferPosition > 0 {
            buffer.removeSubrange(0..<bufferPosition)
            bufferOffset += bufferPosition
            bufferPosition = 0
        }
        while available < count, !atEnd {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: max(Self.chunkSize, count - available))
            } catch {
                throw NativeArchiveError(.io("cannot read: \(error.localizedDescription)"), at: position + available)
            }
            guard let chunk, !chunk.isEmpty else {
                atEnd = true
                break
            }
            buffer.append(contentsOf: chunk)
        }
        return available >= count
    }

    func close() {
        try? handle.close()
    }
}
