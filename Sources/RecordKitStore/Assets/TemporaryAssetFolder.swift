import Foundation
import GRDB

/// The asset folder of a store on an in-memory database: a temporary directory, so that a record in any store
/// references only files of its store's folder. Every store opened on the same in-memory database while another
/// is alive shares it; it is removed, files and all, when the last of them goes away (the database's records
/// then name files that are gone, as an in-memory database does not outlive its process either).
final class TemporaryAssetFolder: Sendable {
    /// The folder the store keeps its files in (`memory.assets`, inside a directory of its own).
    let url: URL
    private let directory: URL

    private init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("RecordKit-\(UUID().uuidString)", isDirectory: true)
        url = directory.appendingPathComponent("memory.assets", isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Whether a GRDB database path names an in-memory database (`:memory:`, a temporary one, or a named one).
    static func isInMemory(_ path: String) -> Bool {
        path.isEmpty || path == ":memory:" || (path.hasPrefix("file:") && path.contains("mode=memory"))
    }

    /// The folder of the stores on `database`: the one a living store on it holds, or a new one.
    static func folder(for database: any DatabaseWriter) -> TemporaryAssetFolder {
        registry.folder(for: database)
    }

    private static let registry = Registry()

    /// The living folders, by database. An entry holds its database and folder weakly: a database is not kept
    /// alive by the registry, and an entry whose folder is gone is replaced.
    private final class Registry: @unchecked Sendable {
        private struct Entry {
            weak var database: AnyObject?
            weak var folder: TemporaryAssetFolder?
        }

        // Guards `entries`.
        private let lock = NSLock()
        private var entries: [ObjectIdentifier: Entry] = [:]

        func folder(for database: any DatabaseWriter) -> TemporaryAssetFolder {
            lock.lock()
            defer { lock.unlock() }
            entries = entries.filter { $0.value.database != nil && $0.value.folder != nil }
            let key = ObjectIdentifier(database)
            if let entry = entries[key], entry.database === database, let folder = entry.folder { return folder }
            let folder = TemporaryAssetFolder()
            entries[key] = Entry(database: database, folder: folder)
            return folder
        }
    }
}
