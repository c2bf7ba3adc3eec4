import Foundation
import RecordKit
import RecordKitStore

/// `--apply-only`: the store's side of the initial sync alone, for a profiler. The same notes as the sync (one text
/// asset file each, server system fields set) go into an empty store on disk as fetched pages of 400 through
/// `RecordStore.apply(_:)`, on this thread: no simulator, no engine and no task, so an instruction counter such as
/// callgrind (which the sync's executor threads stop) runs it, and the difference between a run with and without
/// `--without-projection` is the projection's cost per record.
///
///   valgrind --tool=callgrind --collect-atstart=no '--toggle-collect=*ApplyProfile*applyPage*' \
///     SyncBenchmark --apply-only 20000 [--without-projection]
enum ApplyProfile {
    static let pageSize = 400

    /// Applies `count` notes, then checks that the store holds them all; returns the number of notes stored.
    static func run(count: Int, withoutProjection: Bool) throws -> Int {
        let folder = NSTemporaryDirectory() + "recordkit-apply-profile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let textFile = try SyncNotes.writeTextFile(in: folder)
        let saved = Date(timeIntervalSince1970: 1_700_000_000)
        let records = (0..<count).map { index in
            var record = SyncNotes.record(index, textFile: textFile)
            // What a server's copy carries, as the simulator's pages do.
            record.system.changeTag = "tag-\(index)"
            record.system.creationDate = saved
            record.system.modificationDate = saved
            record.system.creatorUserRecordName = "_creator"
            record.system.lastModifiedUserRecordName = "_creator"
            return record
        }
        let store = try RecordStore(path: folder + "/store.sqlite", models: withoutProjection ? [] : [Note.self])
        for first in stride(from: 0, to: count, by: pageSize) {
            let end = min(count, first + pageSize)
            try applyPage(FetchedPage(zoneID: SyncNotes.zone, changed: Array(records[first..<end]), moreComing: end < count), to: store)
        }
        return try store.fetchAll(Note.self).models.count
    }

    /// One page into the store: what a profiler counts (its name is the one `--toggle-collect` matches).
    @inline(never)
    static func applyPage(_ page: FetchedPage, to store: RecordStore) throws {
        let report = try store.apply(page)
        guard report.skipped.isEmpty else { throw ApplyProfileError.skipped(report.skipped.count) }
    }
}

enum ApplyProfileError: Error, CustomStringConvertible {
    case skipped(Int)

    var description: String {
        switch self {
        case let .skipped(count): "the store skipped \(count) records of a page"
        }
    }
}
