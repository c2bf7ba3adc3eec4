import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The store's asset folder: one file per distinct content, named by the SHA-256 of its bytes (64 hex digits),
/// so the same image in two records is kept once.
///
/// A file comes in through ``adopt(_:hardLink:)``: streamed in chunks into a temporary file (hashed on the way),
/// synced, then renamed to its digest; a file already in the folder is only checked. Each adopted digest is
/// pinned until the transaction that references it has committed (or failed), and the garbage collector never
/// removes a pinned file: between the copy and the commit nothing can take the file away.
///
/// Thread safety: the pins and every removal are guarded by one lock, which is never held across a write
/// transaction (the collector holds it across a read).
final class AssetFolder: @unchecked Sendable {
    /// The bytes read and written at a time: large files stream through this much memory.
    static let chunkSize = 1 << 20
    /// The prefix of the temporary files of copies in progress; what a crash leaves of them is removed at open.
    static let temporaryPrefix = ".incoming-"

    /// The folder.
    let url: URL
    /// The folder's path (``url``'s, computed once: adoption compares and builds paths for every asset).
    private let path: String
    private let writer: any AssetFileWriter
    /// The temporary folder this is, for a store on an in-memory database: held so it lives as long as the store.
    private let temporary: TemporaryAssetFolder?
    // Guards `pins`, `hashedSources` and file removals (see the type's doc).
    private let lock = NSLock()
    private var pins: [String: Int] = [:]
    /// The digests of source files ``linkIn(_:)`` hashed, by path (see ``SourceFileIdentity``).
    private var hashedSources: [String: (identity: SourceFileIdentity, digest: String)] = [:]
    /// The current time in Unix seconds (see ``init(url:writer:now:)``).
    private let now: @Sendable () -> Int
    /// The URL ``fileURL(digest:)`` made last, guarded by `lastFileURLLock`.
    private var lastFileURL: (digest: String, url: URL)?
    private let lastFileURLLock = NSLock()
    /// At most this many hashed sources are remembered (then the memory starts over).
    static let hashedSourcesLimit = 4096

    /// Opens (creating if needed) the folder at `url`. `now` is the time (Unix seconds) a source's last change is
    /// compared with before its digest is remembered (see ``SourceFileIdentity/settledSeconds``); tests move it.
    convenience init(url: URL, writer: any AssetFileWriter, now: @escaping @Sendable () -> Int = { Int(time(nil)) }) throws(AssetFileError) {
        try self.init(url: url, writer: writer, temporary: nil, now: now)
    }

    /// Opens (creating if needed) the temporary folder of a store on an in-memory database.
    convenience init(temporary: TemporaryAssetFolder, writer: any AssetFileWriter) throws(AssetFileError) {
        try self.init(url: temporary.url, writer: writer, temporary: temporary, now: { Int(time(nil)) })
    }

    private init(
        url: URL, writer: any AssetFileWriter, temporary: TemporaryAssetFolder?, now: @escaping @Sendable () -> Int
    ) throws(AssetFileError) {
        self.now = now
        self.url = url.standardizedFileURL
        self.path = self.url.path
        self.writer = writer
        self.temporary = temporary
        do {
            try FileManager.default.createDirectory(at: self.url, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: url.path, errno: EIO, message: "cannot create the asset folder: \(error)")
        }
    }

    /// The digest a file URL names when it is a file of this folder; nil for any other URL.
    func digest(of fileURL: URL) -> String? {
        digest(of: fileURL, path: fileURL.path)
    }

    /// ``digest(of:)`` for a URL whose path the caller has already.
    private func digest(of fileURL: URL, path: String) -> String? {
        guard fileURL.isFileURL else { return nil }
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let name = String(path[path.index(after: slash)...])
        guard Self.isDigestName(name) else { return nil }
        // The plain case without building URLs (this runs for every asset of every record coming in); a path with
        // `.` or `..` components is compared standardised.
        if path[..<slash] == self.path { return name }
        guard path.contains("/.") else { return nil }
        return fileURL.deletingLastPathComponent().standardizedFileURL.path == self.path ? name : nil
    }

    /// The URL of the file holding the content with this digest.
    func fileURL(digest: String) -> URL {
        // The last one is kept: a page of records naming the same content asks for the same URL again and again.
        // Its own lock: the sweeps ask for URLs holding the folder's.
        lastFileURLLock.lock()
        defer { lastFileURLLock.unlock() }
        if let lastFileURL, lastFileURL.digest == digest { return lastFileURL.url }
        let fileURL = url.appendingPathComponent(digest, isDirectory: false)
        lastFileURL = (digest, fileURL)
        return fileURL
    }

    /// Takes the file at `source` into the folder and pins its digest (``unpin(_:)`` after the transaction).
    ///
    /// - Parameter hardLink: link instead of copying when the file system allows (for CloudKit's downloads, which
    ///   are never written again, only deleted); a file of the app is always copied, as the app may change it.
    /// - Returns: the digest and the URL of the owned file.
    func adopt(_ source: URL, hardLink: Bool) throws(AssetFileError) -> (digest: String, url: URL) {
        let sourcePath = source.path
        if let digest = digest(of: source, path: sourcePath) {
            try locked { () throws(AssetFileError) in
                guard FileManager.default.fileExists(atPath: source.path) else { throw AssetFileError.missing(path: source.path) }
                pins[digest, default: 0] += 1
            }
            return (digest, source)
        }
        if hardLink, let digest = try linkIn(source, path: sourcePath) { return (digest, fileURL(digest: digest)) }
        let copied = try copyIn(source)
        return (copied, fileURL(digest: copied))
    }

    /// Pins `digest` once more: a file ``adopt(_:hardLink:)`` took in (and pinned) for another record of the same
    /// transaction.
    func pin(_ digest: String) {
        locked { pins[digest, default: 0] += 1 }
    }

    /// Releases pins taken by ``adopt(_:hardLink:)`` and ``pin(_:)``.
    func unpin(_ digests: [String]) {
        locked {
            for digest in digests {
                guard let count = pins[digest] else { continue }
                pins[digest] = count > 1 ? count - 1 : nil
            }
        }
    }

    /// Removes every content file whose digest `referenced` (computed under the lock) does not return and no
    /// adoption has pinned; with `temporaryFiles`, also the temporary files of copies (only at open: a copy in
    /// progress in this process would lose its file). Returns the digests removed.
    @discardableResult
    func sweep(temporaryFiles: Bool, referenced: () throws -> Set<String>) throws -> [String] {
        try locked { () throws -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            if temporaryFiles {
                for name in names where name.hasPrefix(Self.temporaryPrefix) {
                    _ = unlink(url.appendingPathComponent(name).path)
                }
            }
            let candidates = names.filter { Self.isDigestName($0) && pins[$0] == nil }
            guard !candidates.isEmpty else { return [] }
            let kept = try referenced()
            var removed: [String] = []
            for name in candidates where !kept.contains(name) {
                if unlink(url.appendingPathComponent(name).path) == 0 { removed.append(name) }
            }
            return removed.sorted()
        }
    }

    /// Removes the files of `candidates` (digests a transaction released) that no adoption has pinned and that
    /// `isReferenced` (asked under the lock) says nothing references. Returns the digests removed.
    @discardableResult
    func sweep(candidates: Set<String>, isReferenced: (String) throws -> Bool) throws -> [String] {
        try locked { () throws -> [String] in
            var removed: [String] = []
            for digest in candidates.sorted() where Self.isDigestName(digest) && pins[digest] == nil {
                let path = fileURL(digest: digest).path
                guard access(path, F_OK) == 0, try !isReferenced(digest) else { continue }
                if unlink(path) == 0 { removed.append(digest) }
            }
            return removed
        }
    }

    /// The content files in the folder (their digests), for tests and reports.
    func digests() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter(Self.isDigestName).sorted()
    }

    // MARK: Copying

    /// Streams `source` into a temporary file, hashing it, syncs it and renames it to its digest.
    private func copyIn(_ source: URL) throws(AssetFileError) -> String {
        let input = try openForReading(source)
        defer { _ = close(input) }
        let temporary = url.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString).path
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard output >= 0 else { throw Self.writeError(errno, path: temporary) }
        var keepTemporary = false
        defer { if !keepTemporary { _ = unlink(temporary) } }
        var hasher = SHA256Digest()
        var buffer = Self.readBuffer(for: input)
        do throws(AssetFileError) {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw Self.readError(errno, path: source.path)
                }
                if count == 0 { break }
                let failure: Int32? = buffer.withUnsafeBytes { bytes in
                    let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                    hasher.update(chunk)
                    return writer.write(chunk, to: output)
                }
                if let failure { throw Self.writeError(failure, path: temporary) }
            }
            guard fsync(output) == 0 else { throw Self.writeError(errno, path: temporary) }
        } catch {
            _ = close(output)
            throw error
        }
        guard close(output) == 0 else { throw Self.writeError(errno, path: temporary) }
        let digest = SHA256Digest.hex(hasher.finalize())
        let final = fileURL(digest: digest).path
        locked { pins[digest, default: 0] += 1 }
        // Same digest, same bytes: renaming over a file already there replaces it with an equal one, atomically.
        guard rename(temporary, final) == 0 else {
            let failure = errno
            unpin([digest])
            throw Self.writeError(failure, path: final)
        }
        keepTemporary = true
        syncFolder()
        return digest
    }

    /// Hashes `source` and hard-links it in; nil when linking is not possible here (another volume, or a file
    /// system without links), and the caller copies instead. A source hashed before and unchanged since (the same
    /// ``SourceFileIdentity``) is not read again: a page of records naming the same downloaded file hashes it once.
    private func linkIn(_ source: URL, path sourcePath: String) throws(AssetFileError) -> String? {
        let identity = SourceFileIdentity(path: sourcePath)
        let digest: String
        if let identity, let known = locked({ hashedSources[sourcePath] }), known.identity == identity {
            digest = known.digest
        } else {
            digest = try hash(source)
            if let identity, identity.isSettled(now: now()) {
                locked {
                    if hashedSources.count >= Self.hashedSourcesLimit { hashedSources.removeAll(keepingCapacity: true) }
                    hashedSources[sourcePath] = (identity, digest)
                }
            }
        }
        let final = path + "/" + digest
        let present = locked {
            pins[digest, default: 0] += 1
            return access(final, F_OK) == 0
        }
        if present { return digest }
        let temporary = url.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString).path
        guard link(sourcePath, temporary) == 0 else {
            unpin([digest])
            return nil
        }
        guard rename(temporary, final) == 0 else {
            let failure = errno
            _ = unlink(temporary)
            unpin([digest])
            throw Self.writeError(failure, path: final)
        }
        syncFolder()
        return digest
    }

    /// The SHA-256 of the file at `source`, as hex digits.
    private func hash(_ source: URL) throws(AssetFileError) -> String {
        let input = try openForReading(source)
        defer { _ = close(input) }
        var hasher = SHA256Digest()
        var buffer = Self.readBuffer(for: input)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.readError(errno, path: source.path)
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return SHA256Digest.hex(hasher.finalize())
    }

    /// A read buffer for the file open at `descriptor`: the file's size up to ``chunkSize``, uninitialised (it is
    /// only read into), so adopting a small file neither allocates nor zero-fills a whole chunk.
    private static func readBuffer(for descriptor: Int32) -> [UInt8] {
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : chunkSize
        let capacity = max(1, min(chunkSize, size + 1))  // one byte over, so a file that grew still reads in full chunks
        return [UInt8](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
    }

    private func openForReading(_ source: URL) throws(AssetFileError) -> Int32 {
        guard source.isFileURL else { throw .missing(path: source.absoluteString) }
        let descriptor = open(source.path, O_RDONLY)
        guard descriptor >= 0 else { throw Self.readError(errno, path: source.path) }
        return descriptor
    }

    /// Syncs the folder, so the renamed entry is durable before the transaction that references it commits.
    private func syncFolder() {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }

    /// Runs `body` holding the lock.
    private func locked<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Why the file at `url` cannot be read, or is too large to send; nil when it can be sent.
    static func readability(of url: URL) -> AssetFileError? {
        guard access(url.path, R_OK) == 0 else { return readError(errno, path: url.path) }
        var status = stat()
        guard stat(url.path, &status) == 0 else { return readError(errno, path: url.path) }
        let size = Int64(status.st_size)
        guard size <= AssetSizeLimit.cloudKitMaximumBytes else {
            return .tooLarge(path: url.path, size: size, limit: AssetSizeLimit.cloudKitMaximumBytes)
        }
        return nil
    }

    static func isDigestName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func readError(_ code: Int32, path: String) -> AssetFileError {
        code == ENOENT || code == ENOTDIR ? .missing(path: path) : .unreadable(path: path, errno: code, message: message(code))
    }

    private static func writeError(_ code: Int32, path: String) -> AssetFileError {
        code == ENOSPC || code == EDQUOT ? .noSpace(path: path) : .writeFailed(path: path, errno: code, message: message(code))
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
