import Foundation
import GRDB
import RecordKit
import RecordKitStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder for a test's asset files: the app's files, a stand-in for CloudKit's download cache, the store.
final class AssetTestFolder {
    let folder: TemporaryFolder
    var path: String { folder.path }
    /// The store's asset folder.
    var assets: URL { URL(fileURLWithPath: folder.file("store.assets"), isDirectory: true) }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("app"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("cloudkit-cache"), withIntermediateDirectories: true)
    }

    /// Writes a file of the app and returns its URL.
    func appFile(_ name: String, _ text: String) throws -> URL {
        let url = URL(fileURLWithPath: folder.file("app/\(name)"))
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Writes a file into the stand-in of CloudKit's download cache and returns its URL.
    func cachedFile(_ name: String, _ text: String) throws -> URL {
        let url = URL(fileURLWithPath: folder.file("cloudkit-cache/\(name)"))
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Opens a store on a database file in this folder, keeping assets in ``assets``.
    func store(writer: any AssetFileWriter = SystemAssetFileWriter()) throws -> RecordStore {
        let queue = try DatabaseQueue(path: folder.file("store.sqlite"))
        return try RecordStore(database: queue, models: [Note.self], assetFolder: assets, assetWriter: writer, clock: Fixtures.clock)
    }

    /// Every name in the asset folder, temporary files included.
    func assetFolderContents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: assets.path)) ?? []).sorted()
    }
}

/// A writer that fails like a full disk once `limit` bytes have been written.
struct DiskFullWriter: AssetFileWriter {
    let limit: Int
    let written = ByteCounter()

    func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        let allowed = written.add(bytes.count, limit: limit)
        if allowed > 0, let failure = SystemAssetFileWriter().write(UnsafeRawBufferPointer(rebasing: bytes[0..<allowed]), to: descriptor) {
            return failure
        }
        return allowed < bytes.count ? ENOSPC : nil
    }
}

/// Bytes written so far, shared by copies of a writer.
final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Adds up to `limit - count` of `bytes` and returns how many were allowed.
    func add(_ bytes: Int, limit: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let allowed = max(0, min(bytes, limit - count))
        count += allowed
        return allowed
    }
}

extension Note {
    /// The contents of the note's asset file, read through the URL the model holds.
    func textContents() throws -> String {
        guard let url = text.fileURL else { return "" }
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }
}
