import Foundation
import GRDB
import RecordKit
@testable import RecordKitStore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The asset folder remembers the digest of a download it hashed (issue 25: a page of fetched records naming the
/// same file hashes it once), keyed by the file's identity: an edited or replaced file is hashed again.
@Suite struct AssetSourceIdentityTests {
    /// A folder whose clock runs `ahead` seconds past the real one, so a file written now counts as settled.
    private static func folder(_ test: AssetTestFolder, ahead: Int) throws -> AssetFolder {
        try AssetFolder(url: test.assets, writer: SystemAssetFileWriter(), now: { Int(time(nil)) + ahead })
    }

    @Test func aDownloadEditedInPlaceIsHashedAgain() throws {
        let test = try AssetTestFolder()
        let folder = try Self.folder(test, ahead: 60)
        let source = try test.cachedFile("download", "first")
        // Written an hour ago (as a settled download is), so the edit below moves its modification time for sure
        // (two writes within one tick of the file system's clock would not: that case is never remembered).
        var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, source.path, &times, 0) == 0)
        let first = try folder.adopt(source, hardLink: true)
        // The same size, other bytes: the modification and status-change times move, the digest must follow.
        let handle = try FileHandle(forWritingTo: source)
        try handle.write(contentsOf: Data("other".utf8))
        try handle.close()
        let second = try folder.adopt(source, hardLink: true)
        #expect(first.digest != second.digest)
        #expect(second.digest == SHA256Digest.hex(of: Data("other".utf8)))
        folder.unpin([first.digest, second.digest])
    }

    @Test func aDownloadReplacedByAnotherFileIsHashedAgain() throws {
        let test = try AssetTestFolder()
        let folder = try Self.folder(test, ahead: 60)
        let source = try test.cachedFile("download", "first")
        let first = try folder.adopt(source, hardLink: true)
        let replacement = try test.cachedFile("replacement", "second")
        #expect(rename(replacement.path, source.path) == 0)
        let second = try folder.adopt(source, hardLink: true)
        #expect(second.digest == SHA256Digest.hex(of: Data("second".utf8)))
        #expect(first.digest != second.digest)
        folder.unpin([first.digest, second.digest])
    }

    @Test func anUnchangedDownloadKeepsItsDigestAndStaysPinned() throws {
        let test = try AssetTestFolder()
        let folder = try Self.folder(test, ahead: 60)
        let source = try test.cachedFile("download", "same")
        let first = try folder.adopt(source, hardLink: true)
        let second = try folder.adopt(source, hardLink: true)
        #expect(first.digest == second.digest)
        #expect(FileManager.default.fileExists(atPath: second.url.path))
        // Pinned twice: one release leaves it pinned, so a sweep keeps it though nothing references it.
        folder.unpin([first.digest])
        #expect(try folder.sweep(candidates: [second.digest]) { _ in false }.isEmpty)
        folder.unpin([second.digest])
        #expect(try folder.sweep(candidates: [second.digest]) { _ in false } == [second.digest])
    }

    @Test func aFileChangedWithinTheSettlingTimeIsNeverRemembered() throws {
        let test = try AssetTestFolder()
        let source = try test.cachedFile("download", "fresh")
        let identity = try #require(SourceFileIdentity(path: source.path))
        #expect(!identity.isSettled(now: Int(time(nil))))
        #expect(identity.isSettled(now: Int(time(nil)) + SourceFileIdentity.settledSeconds + 1))
    }
}
