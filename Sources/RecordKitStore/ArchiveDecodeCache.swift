import Foundation
import RecordKit

/// The records the write connection's SQL functions decoded last, by archive bytes: one write of a row calls the
/// asset bookkeeping's function on its value and on its server copy (often the same bytes, as when a fetched
/// record is stored) and the projection's function on its value, and each archive is decoded once for all of them.
///
/// Only the SQL functions of the store's write connection use it (one statement at a time); the lock makes it
/// safe regardless.
final class ArchiveDecodeCache: @unchecked Sendable {
    /// How many archives are kept: a row's value and its server copy.
    private static let capacity = 2
    // Guards `entries`.
    private let lock = NSLock()
    /// The most recent first.
    private var entries: [(bytes: Data, record: RecordKit.Record?)] = []

    /// The record archived in `bytes`; nil when the bytes cannot be decoded.
    func record(_ bytes: Data) -> RecordKit.Record? {
        lock.lock()
        defer { lock.unlock() }
        if let index = entries.firstIndex(where: { $0.bytes == bytes }) {
            let entry = entries[index]
            if index != 0 {
                entries.remove(at: index)
                entries.insert(entry, at: 0)
            }
            return entry.record
        }
        let record = try? NativeArchive.decodeRecord(bytes)
        entries.insert((bytes, record), at: 0)
        if entries.count > Self.capacity { entries.removeLast() }
        return record
    }
}
