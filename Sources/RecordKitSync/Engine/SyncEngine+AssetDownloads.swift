import Foundation
import RecordKit
import RecordKitStore

extension SyncEngine {
    /// Fetched records whose assets are known only by a download URL (a Web Services fetch), with each such asset
    /// downloaded into a file of the store's asset folder and named by it, and the files to remove once the page is
    /// stored (the store has taken them in by then). On any failure the files downloaded so far are removed and
    /// ``SyncError/assetDownload(_:recordType:field:_:)`` names the record and field: the caller stores nothing of
    /// the page, and the next fetch asks for it again (CloudKit's change feed then returns each record as it is).
    func downloadingAssets(of records: [Record]) async throws(SyncError) -> (records: [Record], files: [URL]) {
        guard let downloader = database as? any AssetDownloadingDatabase else { return (records, []) }
        var files: [URL] = []
        var result: [Record] = []
        result.reserveCapacity(records.count)
        do throws(SyncError) {
            for record in records {
                result.append(try await downloading(record, with: downloader, into: &files))
            }
        } catch {
            Self.remove(files)
            throw error
        }
        return (result, files)
    }

    /// Removes the downloaded files of a page (after it was stored, or when it was not).
    static func remove(_ files: [URL]) {
        for file in files { try? FileManager.default.removeItem(at: file) }
    }

    private func downloading(
        _ record: Record, with downloader: any AssetDownloadingDatabase, into files: inout [URL]
    ) async throws(SyncError) -> Record {
        var result = record
        for encrypted in [false, true] {
            let fields = encrypted ? record.encryptedFields : record.fields
            for key in fields.keys.sorted() {
                let replaced: FieldValue
                switch fields[key] {
                case let .asset(asset)?:
                    replaced = .asset(try await download(asset, of: record, field: key, with: downloader, into: &files))
                case let .list(.asset(list))?:
                    var assets: [Asset] = []
                    for asset in list { assets.append(try await download(asset, of: record, field: key, with: downloader, into: &files)) }
                    replaced = .list(.asset(assets))
                default:
                    continue
                }
                if encrypted { result.encryptedFields[key] = replaced } else { result.fields[key] = replaced }
            }
        }
        return result
    }

    /// The asset naming a downloaded file, when it had only a download URL; the asset as it is otherwise.
    private func download(
        _ asset: Asset, of record: Record, field: String, with downloader: any AssetDownloadingDatabase, into files: inout [URL]
    ) async throws(SyncError) -> Asset {
        guard asset.fileURL == nil, asset.downloadURL != nil else { return asset }
        let file = store.incomingAssetFileURL()
        files.append(file)
        do {
            try await withRetries { () async throws(CloudError) in try await downloader.downloadAsset(asset, to: file) }
        } catch {
            guard case let .cloud(cloudError) = error else { throw error }
            throw .assetDownload(record.id, recordType: record.recordType, field: field, cloudError)
        }
        var downloaded = asset
        downloaded.fileURL = file
        return downloaded
    }
}
