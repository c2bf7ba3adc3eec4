import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RecordKit

/// The store's bookkeeping of which rows reference which asset files, so collecting garbage never scans the
/// records: the table `<prefix>asset_refs` holds one row per (digest, record, slot), where slot 0 is the record's
/// value (the local value and its pending save) and slot 1 its server copy.
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
    static let stateKey = "assetRefsFolder"

    let schema: StoreSchema
    /// The name of the folder: an asset references one of its files when its file URL's parent has this name
    /// (the name stays the same when an app's container moves).
    let folderName: String

    private var refs: String { schema.assetRefs }
    private var released: String { schema.prefix + "asset_released" }
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
    /// store on the same connection).
    func install(_ db: Database, archives: ArchiveDecodeCache) throws {
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
        func add(_ slot: Int, _ column: String) -> String {
            "INSERT OR IGNORE INTO \(refs) (digest, ownerName, zoneName, recordName, slot) "
                + "SELECT value, NEW.ownerName, NEW.zoneName, NEW.recordName, \(slot) FROM json_each(\(function)(NEW.\(column)));"
        }
        func release(_ condition: String) -> String {
            "INSERT INTO \(released) (digest) SELECT digest FROM \(refs) WHERE \(condition); DELETE FROM \(refs) WHERE \(condition);"
        }
        let bypass = TriggerBypass.functionName(prefix: schema.prefix)
        _ = TriggerBypass.install(db, prefix: schema.prefix)
        try uninstall(db)
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS \(released) (digest TEXT NOT NULL);
            CREATE TEMP TRIGGER \(refs)_insert AFTER INSERT ON main.\(table) WHEN NOT \(bypass)() BEGIN
                \(add(0, "value")) \(add(1, "server"))
            END;
            CREATE TEMP TRIGGER \(refs)_delete AFTER DELETE ON main.\(table) BEGIN
                \(release(key))
            END;
            CREATE TEMP TRIGGER \(refs)_value AFTER UPDATE OF value ON main.\(table)
            WHEN OLD.value IS NOT NEW.value AND \(sameKey) BEGIN
                \(release(key + " AND slot = 0")) \(add(0, "value"))
            END;
            CREATE TEMP TRIGGER \(refs)_server AFTER UPDATE OF server ON main.\(table)
            WHEN OLD.server IS NOT NEW.server AND \(sameKey) BEGIN
                \(release(key + " AND slot = 1")) \(add(1, "server"))
            END;
            CREATE TEMP TRIGGER \(refs)_key AFTER UPDATE OF ownerName, zoneName, recordName ON main.\(table)
            WHEN NOT (\(sameKey)) BEGIN
                \(release(key)) \(add(0, "value")) \(add(1, "server"))
            END;
            """)
    }

    /// Drops the triggers (before an earlier store's on the same connection are replaced).
    func uninstall(_ db: Database) throws {
        for suffix in ["insert", "delete", "value", "server", "key"] {
            try db.execute(sql: "DROP TRIGGER IF EXISTS temp.\(refs)_\(suffix)")
        }
    }

    /// Inserts the references of a row the caller inserted with the insert trigger bypassed (``TriggerBypass``):
    /// each digest for its value (slot 0) and its server copy (slot 1), which are the same archive, as the trigger
    /// would (`INSERT OR IGNORE`).
    func insertDirectly(_ db: Database, digests: [String], ownerName: String, zoneName: String, recordName: String) throws {
        guard !digests.isEmpty else { return }
        let insert = try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO \(refs) (digest, ownerName, zoneName, recordName, slot)
            VALUES (?1, ?2, ?3, ?4, 0), (?1, ?2, ?3, ?4, 1)
            """)
        for digest in digests {
            try insert.execute(arguments: [digest, ownerName, zoneName, recordName])
        }
    }

    /// Refills the table from every row when it was filled for another folder, or never (the migration that
    /// added it, a version that opened stores without a folder). `force` refills regardless.
    func fill(_ db: Database, folderPath: String, force: Bool) throws {
        let noted = try String.fetchOne(db, sql: "SELECT value FROM \(schema.state) WHERE key = ?", arguments: [Self.stateKey])
        guard force || noted != folderPath else { return }
        try db.execute(sql: """
            DELETE FROM \(refs);
            INSERT OR IGNORE INTO \(refs) (digest, ownerName, zoneName, recordName, slot)
                SELECT j.value, r.ownerName, r.zoneName, r.recordName, 0 FROM \(schema.records) r, json_each(\(function)(r.value)) j;
            INSERT OR IGNORE INTO \(refs) (digest, ownerName, zoneName, recordName, slot)
                SELECT j.value, r.ownerName, r.zoneName, r.recordName, 1 FROM \(schema.records) r, json_each(\(function)(r.server)) j;
            """)
        try db.execute(sql: "INSERT OR REPLACE INTO \(schema.state) (key, value) VALUES (?, ?)", arguments: [Self.stateKey, folderPath])
    }

    /// The digests the writes of this transaction released (the table is emptied for the next transaction).
    func takeReleased(_ db: Database) throws -> [String] {
        let digests = try String.fetchAll(db, sql: "SELECT DISTINCT digest FROM \(released)")
        if !digests.isEmpty { try db.execute(sql: "DELETE FROM \(released)") }
        return digests
    }

    /// Whether any row references `digest`, or a row's references cannot be read.
    func mayBeReferenced(_ db: Database, digest: String) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM \(refs) WHERE digest IN (?, ?))", arguments: [digest, Self.unreadable]) ?? true
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
