import Foundation
import GRDB
import GRDBSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RecordKit

/// The store's bookkeeping of which rows reference which asset files, so collecting garbage never scans the
/// records: the table `<prefix>asset_record_refs` holds one row per (record, digest), whose `slots` bits say which
/// of the row's archives reference the file: ``valueSlot`` the record's value (the local value and its pending
/// save), ``serverSlot`` its server copy. A file is referenced while any row names it.
///
/// The table is kept by temporary triggers on the store's write connection, in the same transaction as every
/// write of a record row: a written value or server copy has its references read by a SQL function (which
/// decodes the archived record only when its bytes name the folder), and the references a write drops are noted
/// in a temporary table. After the transaction, only those digests are candidates for removal. A fetched record the
/// store does not hold yet is inserted with the insert trigger bypassed, its references written from the record in
/// hand by the same function (``FetchedRowInsert``).
///
/// A row whose references cannot be read (its bytes cannot be decoded) is noted with the digest ``unreadable``:
/// while one is there, nothing is removed.
struct AssetReferences {
    /// The digest noted for a row whose references cannot be read.
    static let unreadable = "*"
    /// The `state` key of the folder the table was filled for; absent when the table may be stale.
    static let stateKey = "assetRecordRefsFolder"
    /// The `state` key of the table per slot that versions before this one keep (`<prefix>asset_refs`): present when
    /// such a version wrote to the store since, so this version's table is stale.
    static let legacyStateKey = "assetRefsFolder"
    /// The `slots` bit of a reference from the record's value.
    static let valueSlot = 1
    /// The `slots` bit of a reference from the record's server copy.
    static let serverSlot = 2

    let schema: StoreSchema
    /// The name of the folder: an asset references one of its files when its file URL's parent has this name
    /// (the name stays the same when an app's container moves).
    let folderName: String
    /// Whether this transaction released a file: asked by every write transaction, so built once.
    private let anyReleased: String

    init(schema: StoreSchema, folderName: String) {
        self.schema = schema
        self.folderName = folderName
        anyReleased = "SELECT 1 FROM \(Self.releasedTable(of: schema)) LIMIT 1"
    }

    private var refs: String { schema.assetRefs }
    private var released: String { Self.releasedTable(of: schema) }
    private static func releasedTable(of schema: StoreSchema) -> String { schema.prefix + "asset_released" }
    private var function: String { schema.prefix + "asset_digests" }

    /// The digests of the folder's files that an archived record references, as a JSON array for `json_each`;
    /// NULL for none, `["*"]` when the bytes cannot be decoded. `decode` reads the archive (the store's shared
    /// cache, so a row's value and server copy of the same bytes are decoded once); `digestOf` reads an asset's
    /// URL (by default ``folderDigest(of:folderName:)``).
    static func digestsJSON(
        _ value: DatabaseValue, folderName: String, marker: Data,
        decode: (Data) -> RecordKit.Record? = { try? NativeArchive.decodeRecord($0) },
        digestOf: ((URL) -> String?)? = nil
    ) -> String? {
        guard case let .blob(bytes) = value.storage,
              let digests = digests(bytes, folderName: folderName, marker: marker, decode: decode, digestOf: digestOf),
              !digests.isEmpty
        else { return nil }
        // Digests are hex digits only: no escaping needed.
        return "[" + digests.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    }

    /// The digests (sorted) of the folder's files that the archive `bytes` references: empty for none, ``unreadable``
    /// alone when the bytes cannot be decoded. The rows ``digestsJSON(_:folderName:marker:decode:digestOf:)`` gives
    /// the triggers, for a write path that inserts the rows itself (``insertDirectly(_:digests:ownerName:zoneName:recordName:)``)
    /// with the record it archived in hand as `decode`'s answer.
    static func digests(
        _ bytes: Data, folderName: String, marker: Data, decode: (Data) -> RecordKit.Record?, digestOf: ((URL) -> String?)? = nil
    ) -> [String]? {
        guard contains(bytes, marker) else { return nil }
        guard let record = decode(bytes) else { return [unreadable] }
        var digests = Set<String>()
        for (_, asset) in RecordAssetFields.assets(of: record) {
            guard let url = asset.fileURL else { continue }
            let digest = if let digestOf { digestOf(url) } else { folderDigest(of: url, folderName: folderName) }
            if let digest { digests.insert(digest) }
        }
        return digests.sorted()
    }

    /// Whether `marker` occurs in `bytes` (`memchr` and `memcmp`: `Data.range(of:)` costs several times more, and
    /// this runs on every write).
    static func contains(_ bytes: Data, _ marker: Data) -> Bool {
        guard !marker.isEmpty else { return true }
        return bytes.withUnsafeBytes { (haystack: UnsafeRawBufferPointer) -> Bool in
            marker.withUnsafeBytes { (needle: UnsafeRawBufferPointer) -> Bool in
                guard let start = haystack.baseAddress, let pattern = needle.baseAddress, haystack.count >= needle.count else { return false }
                let first = Int32(needle[0])
                var offset = 0
                let lastStart = haystack.count - needle.count
                while offset <= lastStart {
                    guard let found = memchr(start + offset, first, lastStart - offset + 1) else { return false }
                    if memcmp(found, pattern, needle.count) == 0 { return true }
                    offset = UnsafeRawPointer(found) - start + 1
                }
                return false
            }
        }
    }

    /// The digest a file URL names when it is a file of a folder named `folderName`; nil otherwise. Reads the
    /// path's last two components directly, building no other URL (this runs for every asset of every write).
    static func folderDigest(of url: URL, folderName: String) -> String? {
        guard url.isFileURL else { return nil }
        var components = url.path.utf8.split(separator: UInt8(ascii: "/"), maxSplits: .max, omittingEmptySubsequences: true)
        guard components.count >= 2, let name = components.popLast(), let parent = components.last,
              parent.elementsEqual(folderName.utf8), let digest = String(name), AssetFolder.isDigestName(digest)
        else { return nil }
        return digest
    }

    /// Adds the SQL function and the temporary triggers to the write connection (replacing those of an earlier
    /// store on the same connection). `insertStatements` run in the insert trigger too, after the references':
    /// the projection's (``ProjectionTables/insertTriggerStatements``), so that an inserted row costs one trigger
    /// program, and a bypassed insert (``TriggerBypass``) none.
    func install(_ db: Database, archives: ArchiveDecodeCache, insertStatements: String = "") throws {
        let (folderName, marker) = (folderName, Data(folderName.utf8))
        let memo = LastFolderDigest(folderName: folderName)
        db.add(function: DatabaseFunction(function, argumentCount: 1, pure: true) { values in
            values.first.flatMap {
                Self.digestsJSON($0, folderName: folderName, marker: marker, decode: archives.record, digestOf: memo.digest)
            }
        })
        let table = schema.records
        let key = "ownerName = OLD.ownerName AND zoneName = OLD.zoneName AND recordName = OLD.recordName"
        let sameKey = "OLD.ownerName = NEW.ownerName AND OLD.zoneName = NEW.zoneName AND OLD.recordName = NEW.recordName"
        // A slot's references are added to the record's rows (`WHERE true`: an upsert from a SELECT needs a WHERE).
        func add(_ slot: Int, _ column: String) -> String {
            "INSERT INTO \(refs) (digest, ownerName, zoneName, recordName, slots) "
                + "SELECT value, NEW.ownerName, NEW.zoneName, NEW.recordName, \(slot) FROM json_each(\(function)(NEW.\(column))) WHERE true "
                + "ON CONFLICT (ownerName, zoneName, recordName, digest) DO UPDATE SET slots = slots | excluded.slots;"
        }
        // Every reference of the record goes, each digest a candidate for removal.
        func release(_ condition: String) -> String {
            "INSERT INTO \(released) (digest) SELECT digest FROM \(refs) WHERE \(condition); DELETE FROM \(refs) WHERE \(condition);"
        }
        // One slot's references go (the digests it named are candidates); a row no slot references any more goes.
        func release(_ condition: String, slot: Int) -> String {
            "INSERT INTO \(released) (digest) SELECT digest FROM \(refs) WHERE \(condition) AND slots & \(slot); "
                + "UPDATE \(refs) SET slots = slots & ~\(slot) WHERE \(condition) AND slots & \(slot); "
                + "DELETE FROM \(refs) WHERE \(condition) AND slots = 0;"
        }
        // Whether an update of `column` can change the record's references: its new archive names the folder (the
        // function's own first test, `contains(_:_:)`, in SQL: `instr` of two blobs compares bytes), or the record
        // has references to release. Otherwise the trigger's statements would release and add nothing, and a save
        // of a record without assets (the common case) skips them: three statements on the references, a
        // table-valued function and a call into Swift that copied the archive, about a tenth of a one-record save.
        let markerLiteral = "X'" + marker.map { String(format: "%02X", $0) }.joined() + "'"
        func mayChangeReferences(_ column: String) -> String {
            "(instr(NEW.\(column), \(markerLiteral)) > 0 OR EXISTS (SELECT 1 FROM \(refs) WHERE \(key)))"
        }
        let (value, server) = (Self.valueSlot, Self.serverSlot)
        let bypass = TriggerBypass.functionName(prefix: schema.prefix)
        _ = TriggerBypass.install(db, prefix: schema.prefix)
        try uninstall(db)
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS \(released) (digest TEXT NOT NULL);
            CREATE TEMP TRIGGER \(refs)_insert AFTER INSERT ON main.\(table) WHEN NOT \(bypass)() BEGIN
                \(add(value, "value")) \(add(server, "server"))
                \(insertStatements)
            END;
            CREATE TEMP TRIGGER \(refs)_delete AFTER DELETE ON main.\(table) BEGIN
                \(release(key))
            END;
            CREATE TEMP TRIGGER \(refs)_value AFTER UPDATE OF value ON main.\(table)
            WHEN OLD.value IS NOT NEW.value AND \(sameKey) AND \(mayChangeReferences("value")) BEGIN
                \(release(key, slot: value)) \(add(value, "value"))
            END;
            CREATE TEMP TRIGGER \(refs)_server AFTER UPDATE OF server ON main.\(table)
            WHEN OLD.server IS NOT NEW.server AND \(sameKey) AND \(mayChangeReferences("server")) BEGIN
                \(release(key, slot: server)) \(add(server, "server"))
            END;
            CREATE TEMP TRIGGER \(refs)_key AFTER UPDATE OF ownerName, zoneName, recordName ON main.\(table)
            WHEN NOT (\(sameKey)) BEGIN
                \(release(key)) \(add(value, "value")) \(add(server, "server"))
            END;
            """)
    }

    /// Drops the triggers (before an earlier store's on the same connection are replaced).
    func uninstall(_ db: Database) throws {
        for suffix in ["insert", "delete", "value", "server", "key"] {
            try db.execute(sql: "DROP TRIGGER IF EXISTS temp.\(refs)_\(suffix)")
        }
    }

    /// The SQL of the statement ``insertDirectly(_:_:)`` runs for `rows` references (built once per store, see
    /// ``FetchedRowInsert/SQL``).
    static func directInsertSQL(_ schema: StoreSchema, rows: Int) -> String {
        let values = (0..<rows).map { row in
            "(?\(row * 4 + 1), ?\(row * 4 + 2), ?\(row * 4 + 3), ?\(row * 4 + 4), \(Self.valueSlot | Self.serverSlot))"
        }
        return """
            INSERT INTO \(schema.assetRefs) (digest, ownerName, zoneName, recordName, slots) VALUES \(values.joined(separator: ", "))
            ON CONFLICT (ownerName, zoneName, recordName, digest) DO UPDATE SET slots = slots | excluded.slots
            """
    }

    /// Inserts references of rows the caller inserted with the insert trigger bypassed (``TriggerBypass``), each a
    /// digest the record's value and server copy (the same archive) name: one row, both slots, as the trigger would
    /// write. `insert` is the statement of ``directInsertSQL(_:rows:)`` for `references.count` rows.
    func insertDirectly(_ insert: RawStatementBinding, _ references: ArraySlice<(digest: String, id: RecordID)>) throws {
        insert.reset()
        for (row, reference) in references.enumerated() {
            let first = Int32(row * 4 + 1)
            insert.bind(reference.digest, at: first)
            insert.bind(reference.id.zoneID.ownerName, at: first + 1)
            insert.bind(reference.id.zoneID.zoneName, at: first + 2)
            insert.bind(reference.id.recordName, at: first + 3)
        }
        try insert.execute()
    }

    /// Refills the table from every row when it was filled for another folder, or never (the migration that
    /// added it, a version that opened stores without a folder), or when a version that keeps the table per slot
    /// wrote to the store since (its state key is back): that table is then emptied again and its key removed, so
    /// that such a version refills it in turn. `force` refills regardless.
    func fill(_ db: Database, folderPath: String, force: Bool) throws {
        let state = schema.state
        let noted = try String.fetchOne(db, sql: "SELECT value FROM \(state) WHERE key = ?", arguments: [Self.stateKey])
        let olderVersionWrote = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM \(state) WHERE key = ?)", arguments: [Self.legacyStateKey]) ?? true
        guard force || olderVersionWrote || noted != folderPath else { return }
        try db.execute(sql: """
            DELETE FROM \(refs);
            INSERT INTO \(refs) (digest, ownerName, zoneName, recordName, slots)
                SELECT digest, ownerName, zoneName, recordName, SUM(DISTINCT slot) FROM (
                    SELECT j.value AS digest, r.ownerName, r.zoneName, r.recordName, \(Self.valueSlot) AS slot
                        FROM \(schema.records) r, json_each(\(function)(r.value)) j
                    UNION ALL
                    SELECT j.value, r.ownerName, r.zoneName, r.recordName, \(Self.serverSlot)
                        FROM \(schema.records) r, json_each(\(function)(r.server)) j)
                GROUP BY ownerName, zoneName, recordName, digest;
            """)
        try db.execute(sql: "INSERT OR REPLACE INTO \(state) (key, value) VALUES (?, ?)", arguments: [Self.stateKey, folderPath])
        if olderVersionWrote {
            try db.execute(sql: "DELETE FROM \(schema.legacyAssetRefs)")
            try db.execute(sql: "DELETE FROM \(state) WHERE key = ?", arguments: [Self.legacyStateKey])
        }
    }

    /// The digests the writes of this transaction released (the table is emptied for the next transaction).
    func takeReleased(_ db: Database) throws -> [String] {
        // Cached: every write transaction asks, and preparing the query cost a one-record save more than running it.
        // Nearly every transaction releases nothing: one step through SQLite's C API says so, without GRDB's cursor
        // or the temporary table SQLite sets up for DISTINCT.
        let any = try db.cachedStatement(sql: anyReleased)
        guard try RawStatementBinding(unchecked: any).firstRow(db, { _ in true }) != nil else { return [] }
        let digests = try String.fetchAll(db.cachedStatement(sql: "SELECT DISTINCT digest FROM \(released)"))
        if !digests.isEmpty { try db.execute(sql: "DELETE FROM \(released)") }
        return digests
    }

    /// Whether any row references `digest`, or a row's references cannot be read.
    func mayBeReferenced(_ db: Database, digest: String) throws -> Bool {
        // Cached: every write that released or pinned a file asks this after it, and parsing the query cost more than
        // running it.
        let statement = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(refs) WHERE digest IN (?, ?))")
        return try Bool.fetchOne(statement, arguments: [digest, Self.unreadable]) ?? true
    }

    /// Every digest referenced; throws when a row's references cannot be read.
    func allReferenced(_ db: Database) throws -> Set<String> {
        let digests = Set(try String.fetchAll(db, sql: "SELECT DISTINCT digest FROM \(refs)"))
        if digests.contains(Self.unreadable) { throw UnreadableReferences() }
        return digests
    }

    /// The folder digest of the asset URL asked last: the rows of a page often name the same file, and reading a
    /// URL's path is the costly part.
    final class LastFolderDigest: @unchecked Sendable {
        let folderName: String
        // Guards `last`.
        private let lock = NSLock()
        private var last: (url: URL, digest: String?)?

        init(folderName: String) { self.folderName = folderName }

        /// The digest `url` names in the folder; nil when it names no file of the folder.
        func digest(_ url: URL) -> String? {
            lock.lock()
            defer { lock.unlock() }
            if let last, last.url == url { return last.digest }
            let digest = AssetReferences.folderDigest(of: url, folderName: folderName)
            last = (url, digest)
            return digest
        }
    }

    /// A row's references cannot be read: nothing may be removed.
    struct UnreadableReferences: Error {}
}
