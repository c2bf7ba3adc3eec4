import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies one state of a source file: its device and inode, size, and modification and status-change
/// times. The asset folder remembers the digest of a download it hashed under this identity and hashes the file
/// again when any part differs: a file replaced or edited gets a new inode, size or times (the status-change time
/// moves on every write and cannot be set back by an app).
struct SourceFileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    /// How long ago a file's last change must be for its digest to be remembered: a change within the same tick
    /// of the file system's clock would leave the times as they were (as git's "racy" entries), so a file changed
    /// this recently is hashed every time.
    static let settledSeconds = 2

    /// The identity of the regular file at `path`; nil when it cannot be read with `stat` or is no regular file.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
        modified = status.st_mtimespec
        changed = status.st_ctimespec
        #else
        modified = status.st_mtim
        changed = status.st_ctim
        #endif
    }

    /// Whether the file last changed long enough before `now` (Unix seconds) that a later change cannot leave this
    /// identity (see ``settledSeconds``).
    func isSettled(now: Int) -> Bool {
        now - Int(max(modified.tv_sec, changed.tv_sec)) >= Self.settledSeconds
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
