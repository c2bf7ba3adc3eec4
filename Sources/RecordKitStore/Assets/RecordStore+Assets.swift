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
        guard let assets else {
            adopted.records = records
            return adopted
        }
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
    func adoptServerAssets(_ records: [RecordKit.Record]) -> AdoptedRecords {
        var adopted = AdoptedRecords()
        guard let assets else {
            adopted.records = records
            return adopted
        }
        for record in records {
            do throws(RecordStoreError) {
                adopted.records.append(try adopt(record, into: assets, hardLink: true, pins: &adopted.pins))
            } catch {
                adopted.skipped.append(SkippedRecord(id: record.id, error: error))
            }
        }
        return adopted
    }

    /// Sent changes whose saved records' assets are taken in: what the server returned names the files sent
    /// (the folder's own) or its download cache's; a file that cannot be taken in throws.
    func adoptAssets(_ changes: [SentChange]) throws(RecordStoreError) -> (changes: [SentChange], pins: [String]) {
        guard assets != nil else { return (changes, []) }
        var pins: [String] = []
        var result: [SentChange] = []
        for change in changes {
            guard case let .saved(record, generation) = change else {
                result.append(change)
                continue
            }
            do throws(RecordStoreError) {
                let adopted = try adoptAssets([record], hardLink: true)
                pins += adopted.pins
                result += adopted.records.map { SentChange.saved(serverRecord: $0, generation: generation) }
            } catch {
                releaseAssets(pins)
                throw error
            }
        }
        return (result, pins)
    }

    private func adopt(
        _ record: RecordKit.Record, into assets: AssetFolder, hardLink: Bool, pins: inout [String]
    ) throws(RecordStoreError) -> RecordKit.Record {
        guard RecordAssetFields.hasAssets(record) else { return record }
        var taken: [String] = []
        do throws(RecordStoreError) {
            let result = try RecordAssetFields.replacingAssets(of: record) { (field, asset) throws(RecordStoreError) -> Asset in
                guard let source = asset.fileURL else { return asset }
                do throws(AssetFileError) {
                    let owned = try assets.adopt(source, hardLink: hardLink)
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

    /// Releases the pins of a transaction that ended, then collects the files nothing references.
    func releaseAssets(_ pins: [String]) {
        guard let assets else { return }
        assets.unpin(pins)
        collectAssetGarbage(atOpen: false)
    }

    /// Removes the asset files no stored record, server copy or pending change references. `atOpen` also removes
    /// unfinished copies a crash left. A stored row that cannot be read stops the collection, removing nothing
    /// (its references are unknown); the next write tries again.
    @discardableResult
    func collectAssetGarbage(atOpen: Bool) -> [String] {
        guard let assets else { return [] }
        return (try? assets.sweep(temporaryFiles: atOpen) { try referencedAssetDigests(folder: assets) }) ?? []
    }

    /// The digests of the folder's files that the stored records and server copies reference.
    private func referencedAssetDigests(folder: AssetFolder) throws -> Set<String> {
        let table = schema.records
        // Rows whose bytes name the folder (its last path component, which stays the same when an app's
        // container moves): the others reference none of its files, and need no decoding.
        let marker = Data(folder.url.lastPathComponent.utf8)
        return try database.read { db in
            var digests = Set<String>()
            let rows = try Row.fetchCursor(
                db, sql: "SELECT value, server FROM \(table) WHERE instr(value, ?) > 0 OR instr(server, ?) > 0",
                arguments: [marker, marker])
            while let row = try rows.next() {
                for index in 0..<2 {
                    let column: Data? = try RowCoding.column(row, index, table: table, id: nil)
                    guard let bytes = column else { continue }
                    let record = try NativeArchive.decodeRecord(bytes)
                    for (_, asset) in RecordAssetFields.assets(of: record) {
                        guard let url = asset.fileURL, url.isFileURL,
                              url.deletingLastPathComponent().lastPathComponent == folder.url.lastPathComponent
                        else { continue }
                        digests.insert(url.lastPathComponent)
                    }
                }
            }
            return digests
        }
    }
}

extension RecordStore {
    /// The folder the store keeps asset files in; nil when it keeps none (``RecordStoreOptions/AssetFolder/noFolder``).
    public var assetFolderURL: URL? { assets?.url }

    /// Removes the asset files nothing in the store references (the store does this after every write and at
    /// open; call it after changing the database behind the store's back). Returns the digests removed.
    @discardableResult
    public func collectUnreferencedAssets() -> [String] {
        collectAssetGarbage(atOpen: false)
    }
}

extension RecordStore {
    /// Throws, naming the record and field, when a file an asset of `record` names cannot be read (with an asset
    /// folder only: without one the store never looked at the files).
    func checkAssetFiles(of record: RecordKit.Record) throws(RecordStoreError) {
        guard assets != nil else { return }
        for (field, asset) in RecordAssetFields.assets(of: record) {
            guard let url = asset.fileURL, url.isFileURL else { continue }
            if let error = AssetFolder.readability(of: url) {
                throw .asset(record.id, recordType: record.recordType, field: field, error)
            }
        }
    }
}
