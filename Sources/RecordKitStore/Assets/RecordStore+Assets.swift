import Foundation
import GRDB
import RecordKit

/// The store's side of owned assets (see <doc:AssetFiles>): records coming in have their assets taken into the asset
/// folder before the transaction that stores them, and after every write transaction the files no stored record,
/// server copy or pending change references any more are removed.
extension RecordStore {
    /// Records whose assets are all files of the asset folder, and the digests pinned for them until their
    /// transaction ends (pass them to ``write(releasing:_:)``).
    struct AdoptedRecords {
        var records: [RecordKit.Record] = []
        var pins: [String] = []
        /// Records left out (``adoptServerAssets(_:)`` only), each with its error.
        var skipped: [SkippedRecord] = []
    }

    /// Takes the assets of the app's records into the folder (copies: the app may change its file later). The
    /// first asset that cannot be taken in throws, naming the record and field; nothing stays pinned, and the
    /// copies made for the others are collected.
    func adoptAssets(_ records: [RecordKit.Record], hardLink: Bool = false) throws(RecordStoreError) -> AdoptedRecords {
        var adopted = AdoptedRecords()
        for record in records {
            do throws(RecordStoreError) {
                adopted.records.append(try adopt(record, into: assets, hardLink: hardLink, pins: &adopted.pins))
            } catch {
                releaseAssets(adopted.pins)
                throw error
            }
        }
        return adopted
    }

    /// Takes the assets of server records (fetched, or conflict results) into the folder, hard-linking out of
    /// CloudKit's download cache where the file system allows. A record whose asset cannot be taken in is left
    /// out and reported, as any fetched record the store cannot keep is; the others are stored.
    ///
    /// A file several records name (a page of downloads of the same content) is taken in once per call: the others
    /// take the same folder file, pinned once more each.
    func adoptServerAssets(_ records: [RecordKit.Record]) -> AdoptedRecords {
        var adopted = AdoptedRecords()
        let sources = AdoptedSources()
        for record in records {
            do throws(RecordStoreError) {
                adopted.records.append(try adopt(record, into: assets, hardLink: true, pins: &adopted.pins, sources: sources))
            } catch {
                adopted.skipped.append(SkippedRecord(id: record.id, error: error))
            }
        }
        adopted.pins += sources.pins
        return adopted
    }

    /// Sent changes whose saved records' assets are taken in: what the server returned names the files sent
    /// (the folder's own) or its download cache's. A file of the folder that is gone was released by an edit made
    /// during the send (that edit is pending, and goes next): the server copy keeps that asset without a local
    /// file when the server named it otherwise too (a checksum, a receipt, a download URL), as an ancestor needs
    /// no file. A saved record whose file cannot be taken in otherwise is left out (its change stays pending, and
    /// goes again on no change tag: the server answers with a conflict that merges); the others are recorded.
    func adoptAssets(_ changes: [SentChange]) -> (changes: [SentChange], pins: [String]) {
        var pins: [String] = []
        var result: [SentChange] = []
        for change in changes {
            guard case .saved(var record, let generation) = change else {
                result.append(change)
                continue
            }
            record = RecordAssetFields.replacingAssets(of: record) { (_, asset) -> Asset in
                guard let url = asset.fileURL, assets.digest(of: url) != nil, !FileManager.default.fileExists(atPath: url.path),
                      asset.fileChecksum != nil || asset.receipt != nil || asset.downloadURL != nil
                else { return asset }
                var released = asset
                released.fileURL = nil
                return released
            }
            guard let adopted = try? adoptAssets([record], hardLink: true) else { continue }
            pins += adopted.pins
            result += adopted.records.map { SentChange.saved(serverRecord: $0, generation: generation) }
        }
        return (result, pins)
    }

    /// Takes the assets of `record` in. `sources` remembers the sources taken in by this call's earlier records
    /// (nil: none are): one already taken is not read or linked again, only pinned once more.
    private func adopt(
        _ record: RecordKit.Record, into assets: AssetFolder, hardLink: Bool, pins: inout [String],
        sources: AdoptedSources? = nil
    ) throws(RecordStoreError) -> RecordKit.Record {
        guard RecordAssetFields.hasAssets(record) else { return record }
        var taken: [String] = []
        do throws(RecordStoreError) {
            let result = try RecordAssetFields.replacingAssets(of: record) { (field, asset) throws(RecordStoreError) -> Asset in
                guard let source = asset.fileURL else { return asset }
                do throws(AssetFileError) {
                    let owned: (digest: String, url: URL)
                    if let known = sources?.byURL[source] {
                        assets.pin(known.digest)
                        owned = known
                    } else {
                        owned = try assets.adopt(source, hardLink: hardLink)
                        sources?.remember(owned, for: source, in: assets)
                    }
                    taken.append(owned.digest)
                    var kept = asset
                    kept.fileURL = owned.url
                    return kept
                } catch {
                    throw .asset(record.id, recordType: record.recordType, field: field, error)
                }
            }
            pins += taken
            return result
        } catch {
            assets.unpin(taken)
            throw error
        }
    }

    /// The folder files one adoption call took in, by the source URL the records named. Each holds a pin of its
    /// own (in ``pins``, released with the records' after their transaction): a record that fails and releases its
    /// own pins leaves the file pinned for the records after it.
    final class AdoptedSources {
        private(set) var byURL: [URL: (digest: String, url: URL)] = [:]
        private(set) var pins: [String] = []

        func remember(_ owned: (digest: String, url: URL), for source: URL, in assets: AssetFolder) {
            assets.pin(owned.digest)
            pins.append(owned.digest)
            byURL[source] = owned
        }
    }

    /// At open: installs the reference bookkeeping on the write connection and fills it when it is stale.
    func prepareAssetReferences() throws(RecordStoreError) {
        let (references, folderPath, archives) = (assetReferences, assets.url.path, decodedArchives)
        let projectionInserts = projection.insertTriggerStatements
        do {
            try database.writeWithoutTransaction { db in
                try references.install(db, archives: archives, insertStatements: projectionInserts)
                try db.inTransaction {
                    try references.fill(db, folderPath: folderPath, force: false)
                    _ = try references.takeReleased(db)
                    return .commit
                }
            }
        } catch {
            throw RecordStoreError(error)
        }
    }

    /// Inside a write transaction, at its end: the digests its writes released (candidates for removal).
    func takeReleasedAssets(_ db: Database) throws -> [String] {
        try assetReferences.takeReleased(db)
    }

    /// Releases the pins of a transaction that ended, then removes the files of the digests it released or
    /// pinned that nothing references any more (only those: the sweep never scans the records).
    func releaseAssets(_ pins: [String], released: [String] = []) {
        let references = assetReferences
        assets.unpin(pins)
        let candidates = Set(pins).union(released)
        guard !candidates.isEmpty else { return }
        _ = try? assets.sweep(candidates: candidates) { digest in
            try database.read { db in try references.mayBeReferenced(db, digest: digest) }
        }
    }

    /// Removes the asset files no stored record, server copy or pending change references. `atOpen` also removes
    /// unfinished copies a crash left. While a stored row's references cannot be read, nothing is removed (its
    /// references are unknown).
    @discardableResult
    func collectAssetGarbage(atOpen: Bool) -> [String] {
        let references = assetReferences
        return (try? assets.sweep(temporaryFiles: atOpen) { try database.read { db in try references.allReferenced(db) } }) ?? []
    }
}

extension RecordStore {
    /// The folder the store keeps asset files in (see <doc:AssetFiles>).
    public var assetFolderURL: URL { assets.url }

    /// A new file URL in the asset folder for an asset being downloaded (the sync engine's downloads of assets known
    /// only by their download URL): a record naming it is taken in like any other, and the caller removes it after
    /// the transaction that stored the record. A file a crash leaves there is removed at the next open.
    public func incomingAssetFileURL() -> URL {
        assets.url.appendingPathComponent(AssetFolder.temporaryPrefix + "download-" + UUID().uuidString, isDirectory: false)
    }

    /// Removes the asset files nothing in the store references (the store does this after every write and at
    /// open; call it after changing the database behind the store's back). Returns the digests removed.
    @discardableResult
    public func collectUnreferencedAssets() -> [String] {
        // Changes behind the store's back may have bypassed the bookkeeping: refill it from the rows first.
        let (references, path) = (assetReferences, assets.url.path)
        _ = try? write { db in try references.fill(db, folderPath: path, force: true) }
        return collectAssetGarbage(atOpen: false)
    }
}

extension RecordStore {
    /// Throws, naming the record and field, when a file an asset of `record` names cannot be read.
    func checkAssetFiles(of record: RecordKit.Record) throws(RecordStoreError) {
        for (field, asset) in RecordAssetFields.assets(of: record) {
            guard let url = asset.fileURL, url.isFileURL else { continue }
            if let error = AssetFolder.readability(of: url) {
                throw .asset(record.id, recordType: record.recordType, field: field, error)
            }
        }
    }
}
