#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the chunks of an asset copy to an open file. The store uses ``SystemAssetFileWriter``; tests pass one
/// that fails like a full disk, to check that a failed copy leaves nothing behind.
public protocol AssetFileWriter: Sendable {
    /// Writes all of `bytes` to the file descriptor, or returns the `errno` of the failure.
    func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32?
}

/// Writes with `write(2)`, retrying short writes and `EINTR`.
public struct SystemAssetFileWriter: AssetFileWriter {
    /// The system writer.
    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}

/// `write(2)`, under a name the writer's own `write` method does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
