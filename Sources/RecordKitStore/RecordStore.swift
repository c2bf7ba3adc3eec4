import Foundation
import GRDB
import GRDBSQLite
import RecordKit

/// RecordKit's offline store: records, their last server copies, change tokens and the queue of pending
/// changes, in SQLite through GRDB.
///
/// Open it on its own file (a WAL `DatabasePool`) with ``init(path:models:options:clock:)``, or inside an app's GRDB
/// database with ``init(database:models:tablePrefix:clock:)``. Pass the generated model types it merges with.
///
/// - Local edits: ``save(_:)``, ``save(contentsOf:)``, ``delete(_:id:)``. The edit and its pending change
///   commit in one transaction; changes to one record coalesce (save+save is one save, save then delete of a
///   record the server never saw leaves nothing, delete then save is a save).
/// - Reads: ``fetch(_:id:)``, ``fetchAll(_:)``, ``fetchAll(_:inZone:)``, ``forEach(_:_:)`` (a cursor),
///   ``storedState(of:)`` (both copies and the pending change); records the model cannot read are reported in
///   ``StoredModels/undecodable``, never dropped. The same reads inside a database access: ``fetch(_:id:in:)``,
///   ``fetchAll(_:in:)``.
/// - Several types at once: ``transaction(_:)`` saves and deletes records of any types together, or not at all.
/// - Live queries (<doc:LiveQueries>): ``observe(scheduling:_:)`` follows any read, ``observe(_:id:scheduling:)``
///   one record; ``LiveQuery`` is the `@Observable` a SwiftUI view holds. A whole type as GRDB observations:
///   ``observation(of:)`` and ``values(of:)``.
/// - Queries: ``fetch(_:offset:)``, ``count(_:)``, ``exists(_:)`` of a typed `ModelQuery`, answered by SQLite over
///   the queryable projection the store keeps of each generated model (see <doc:QueryingTheStore>).
/// - Sending: ``nextPendingBatch(maxCount:maxBytes:including:)`` gives the records and deletions to send, each with its
///   generation; ``markSent(_:)`` stores what the server returned and clears a pending change only for the
///   generation that was sent.
/// - Fetching: ``apply(_:)`` stores a fetched page with its zone token in one transaction, merging a server
///   record over a pending edit with the model's `merge(ancestor:client:server:)`; ``apply(serverRecords:)``
///   does the same for conflict results; ``beginRefetch(_:)`` before a fetch from no token, whose last page
///   removes what it did not list; ``forgetZone(_:keepingLocalChanges:)`` when a zone is gone.
/// - Records the server refuses for good: ``park(_:generation:reason:)`` sets one aside until the app edits it;
///   ``parkedRecords()`` lists them.
/// - Sync state: ``zone(_:)``, ``setZone(_:exists:)``, ``databaseToken()``, ``setDatabaseToken(_:)``,
///   ``engineState(_:)``, ``setEngineState(_:for:)`` (each engine under its own ``EngineStateKey``), ``syncState()``.
/// - For sync engines: ``settleConflicts(serverRecords:)`` merges conflicts and marks sent those the merge left as
///   the server has them, in one transaction; ``commit(_:engineState:for:)`` stores fetched and sent changes with
///   the engine's state in one transaction; ``pendingItems()`` lists the queue; ``requeueZone(_:)`` after a zone
///   is lost; ``requeueAll()`` and ``deleteAllData()`` after an account change.
///
/// Every method runs synchronously on the caller's thread and throws ``RecordStoreError``. Actors and other async
/// code use ``async``, the same calls over GRDB's async API, which never block Swift's cooperative thread pool.
public final class RecordStore: Sendable {
    /// The database the store lives in.
    public let database: any DatabaseWriter
    let schema: StoreSchema
    let merges: ModelRegistry
    /// The time a merge clock is stamped with on a local save.
    let clock: any RecordStoreClock
    /// The folder of asset files the store owns (see <doc:AssetFiles>).
    let assets: AssetFolder
    /// The queryable tables of the registered models (see <doc:QueryingTheStore>).
    let projection: ProjectionTables
    /// The SQL that local saves of new records and the initial sync write projection rows with, built once.
    let projectionRows: ProjectionDirectInsert.SQL
    /// The SQL that the initial sync inserts new records and their asset references with, built once.
    let fetchedRows: FetchedRowInsert.SQL
    /// The SQL of the statements every local save runs, and of the generation counter every write path advances,
    /// built once.
    let localWrites: LocalWriteSQL
    /// What this open's projection rebuilds did, one per rebuilt type (for tests and diagnostics).
    package let projectionRebuilds: [ProjectionRebuildReport]
    /// The archives the write connection's SQL functions (asset bookkeeping, projection) decoded last.
    let decodedArchives: ArchiveDecodeCache
    /// The bookkeeping of asset references, made once: reading the asset folder's name out of its URL on every
    /// write (twice per save) took about 15% of a one-record save's time.
    let assetReferences: AssetReferences

    /// Opens (creating if needed) a store in its own SQLite file, in WAL mode, with data protection on Apple
    /// platforms (see ``RecordStoreOptions``).
    ///
    /// - Parameters:
    ///   - path: the database file; its folder must exist. SQLite adds `-wal` and `-shm` files beside it.
    ///   - models: the generated model types whose records the store merges field by field.
    ///   - options: the table prefix, the data protection class and the asset folder (by default
    ///     `<path>.assets`).
    ///   - clock: the time merge clocks are stamped with on local saves (see ``save(contentsOf:)``).
    public convenience init(
        path: String, models: [any RecordModel.Type], options: RecordStoreOptions = RecordStoreOptions(),
        clock: any RecordStoreClock = SystemStoreClock()
    ) throws(RecordStoreError) {
        let pool: DatabasePool
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw RecordStoreError(error)
        }
        let folder: URL? = switch options.assetFolder {
        case .besideStore: nil
        case let .at(url): url
        }
        try self.init(
            database: pool, models: models, tablePrefix: options.tablePrefix, assetFolder: folder, clock: clock,
            projectionRebuildBatchSize: options.projectionRebuildBatchSize)
        do {
            try options.fileProtection.apply(toDatabaseAt: path)
        } catch {
            throw .fileProtectionFailed(path: path, reason: "\(error)")
        }
    }

    /// Lives inside an app's existing GRDB database: the store's tables start with `tablePrefix`, and its
    /// migrations (named with the prefix) run through their own `DatabaseMigrator`. `clock` is the time merge
    /// clocks are stamped with on local saves (see ``save(contentsOf:)``). Asset files are kept in
    /// `<database path>.assets`, or, for an in-memory database, in a temporary folder removed when the last store
    /// on that database goes away (see <doc:AssetFiles>).
    public convenience init(
        database: any DatabaseWriter, models: [any RecordModel.Type], tablePrefix: String = "recordkit_",
        clock: any RecordStoreClock = SystemStoreClock()
    ) throws(RecordStoreError) {
        try self.init(database: database, models: models, tablePrefix: tablePrefix, assetFolder: nil, clock: clock)
    }

    /// Lives inside an app's existing GRDB database (see ``init(database:models:tablePrefix:clock:)``) and keeps
    /// asset files in `assetFolder` (see <doc:AssetFiles>). At open, what a crash left in the folder (unfinished
    /// copies, files no record references) is removed.
    ///
    /// - Parameters:
    ///   - database: the app's database.
    ///   - models: the generated model types whose records the store merges field by field.
    ///   - tablePrefix: the prefix of the store's tables.
    ///   - assetFolder: the folder of the store's asset files, created if needed; nil for the default:
    ///     `<database path>.assets`, or a temporary folder for an in-memory database.
    ///   - assetWriter: writes the chunks of asset copies; tests pass one that fails like a full disk.
    ///   - clock: the time merge clocks are stamped with on local saves (see ``save(contentsOf:)``).
    ///   - projectionRebuildBatchSize: the records a projection rebuild projects per committed transaction (see
    ///     <doc:QueryingTheStore>); at least 1.
    public init(
        database: any DatabaseWriter, models: [any RecordModel.Type], tablePrefix: String = "recordkit_",
        assetFolder: URL?, assetWriter: any AssetFileWriter = SystemAssetFileWriter(),
        clock: any RecordStoreClock = SystemStoreClock(), projectionRebuildBatchSize: Int = 2_000
    ) throws(RecordStoreError) {
        self.database = database
        self.clock = clock
        let schema = try StoreSchema(prefix: tablePrefix)
        self.schema = schema
        self.merges = ModelRegistry(models)
        let projection = ProjectionTables(schema: schema, models: models, rebuildBatchSize: projectionRebuildBatchSize)
        self.projection = projection
        self.projectionRows = ProjectionDirectInsert.SQL(projection, batchSize: FetchedRowInsert.batchSize)
        self.fetchedRows = FetchedRowInsert.SQL(schema)
        self.localWrites = LocalWriteSQL(schema)
        do throws(AssetFileError) {
            if let assetFolder {
                self.assets = try AssetFolder(url: assetFolder, writer: assetWriter)
            } else if TemporaryAssetFolder.isInMemory(database.path) {
                self.assets = try AssetFolder(temporary: TemporaryAssetFolder.folder(for: database), writer: assetWriter)
            } else {
                self.assets = try AssetFolder(url: URL(fileURLWithPath: database.path + ".assets", isDirectory: true), writer: assetWriter)
            }
        } catch {
            throw .assetFolder(error)
        }
        assetReferences = AssetReferences(schema: schema, folderName: assets.url.lastPathComponent)
        try schema.prepare(database)
        // Before the asset relocation, whose rewritten paths the projection then follows.
        let decodedArchives = ArchiveDecodeCache()
        self.decodedArchives = decodedArchives
        self.projectionRebuilds = try RecordStore.prepareProjection(projection, archives: decodedArchives, in: database)
        try prepareAssetReferences()
        try relocateAssetReferences()
        collectAssetGarbage(atOpen: true)
    }

    // MARK: Plumbing

    /// Runs a read, mapping every error to ``RecordStoreError``.
    func read<T>(_ body: (Database) throws -> T) throws(RecordStoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw RecordStoreError(error)
        }
    }

    /// Runs one write transaction, mapping every error to ``RecordStoreError``. Afterwards (committed or not) the
    /// asset digests `pins` (adopted for this transaction) are released, and the files of the digests it pinned
    /// or released that nothing references any more are removed.
    func write<T>(releasing pins: [String] = [], _ body: (Database) throws -> T) throws(RecordStoreError) -> T {
        var released: [String] = []
        defer { releaseAssets(pins, released: released) }  // Assets (issue 26): collect after the transaction, never before.
        do {
            return try database.write { db in
                let result = try body(db)
                released = try takeReleasedAssets(db)
                return result
            }
        } catch {
            throw RecordStoreError(error)
        }
    }

    /// Runs a read on GRDB's async API: the caller's task waits without blocking a thread of Swift's cooperative
    /// pool. A cancelled task gets ``RecordStoreError/cancelled``.
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws(RecordStoreError) -> T {
        do {
            return try await database.read(body)
        } catch {
            throw RecordStoreError(error)
        }
    }

    /// Runs one write transaction on GRDB's async API, as the async read does; the asset digests `pins` are
    /// released and collected afterwards as ``write(releasing:_:)`` does.
    func write<T: Sendable>(
        releasing pins: [String] = [], _ body: @Sendable (Database) throws -> T
    ) async throws(RecordStoreError) -> T {
        var released: [String] = []
        defer { releaseAssets(pins, released: released) }  // Assets (issue 26): collect after the transaction, never before.
        do {
            let (result, taken) = try await database.write { [self] db in
                let result = try body(db)
                return (result, try takeReleasedAssets(db))
            }
            released = taken
            return result
        } catch {
            throw RecordStoreError(error)
        }
    }

    /// Reserves `count` generation numbers and returns the first.
    func reserveGenerations(_ db: Database, count: Int) throws -> Int64 {
        // An UPDATE, then a read of the counter through SQLite's C API, not one `UPDATE … RETURNING` read by GRDB:
        // SQLite gathers a RETURNING clause's rows in a temporary table, which it opened and closed on every save
        // (about a third of this function's time), and GRDB's cursor cost about as much again.
        try db.cachedStatement(sql: localWrites.advanceGeneration).execute(arguments: [count])
        let read = RawStatementBinding(unchecked: try db.cachedStatement(sql: localWrites.readGeneration))
        let counter = try read.firstRow(db) { sqlite3_column_type($0, 0) == SQLITE_INTEGER ? sqlite3_column_int64($0, 0) : nil }
        guard let last = counter ?? nil else { throw RecordStoreError.missingGenerationCounter(table: schema.state) }
        return last - Int64(count) + 1
    }
}
