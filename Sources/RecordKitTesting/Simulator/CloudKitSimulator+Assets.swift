import Foundation
import RecordKit
import RecordKitSync

/// Asset contents on the simulated server, served as CloudKit serves them: a fetched record's `CKAsset` names a
/// file in CloudKit's download cache, which the system may purge at any time (``dropDownloadCache()``).
///
/// Off until ``keepAssetContents(downloadCache:)`` (or a simulator made with a download cache, as ``SyncHarness``
/// makes it): then a saved asset's file is read and kept (its checksum and size set), and every record fetched names
/// a file of the download cache holding those bytes. A file the simulator cannot read stays as the record named it.
extension CloudKitSimulator {
    /// Keeps the contents of saved assets and serves fetched ones as files in `downloadCache` (created if needed;
    /// the caller removes it).
    public func keepAssetContents(downloadCache: URL) throws {
        try FileManager.default.createDirectory(at: downloadCache, withIntermediateDirectories: true)
        self.downloadCache = downloadCache
    }

    /// The fault: the system purges CloudKit's download cache. Records fetched before point at files that are
    /// gone; a later fetch writes them again. https://developer.apple.com/documentation/cloudkit/ckasset
    /// ("the file at fileURL may be purged by the system once the record is no longer in use").
    public func dropDownloadCache() {
        guard let downloadCache else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: downloadCache.path)) ?? []
        for name in names {
            try? FileManager.default.removeItem(at: downloadCache.appendingPathComponent(name))
        }
    }

    /// How many distinct asset contents the server keeps.
    public var storedAssetCount: Int { assetContents.count }

    /// The record with each readable asset file uploaded: its bytes kept under a checksum, its URL the download
    /// cache's file.
    func storingAssetContents(_ record: Record) -> Record {
        guard downloadCache != nil else { return record }
        return rewritingAssets(of: record) { asset in
            guard let url = asset.fileURL, url.isFileURL, let data = try? Data(contentsOf: url) else { return asset }
            let checksum = Self.checksum(of: data)
            assetContents[checksum] = data
            var uploaded = asset
            uploaded.fileChecksum = checksum
            uploaded.size = Int64(data.count)
            uploaded.fileURL = cachedFile(checksum)
            return uploaded
        }
    }

    /// The record with each kept asset's file present in the download cache (written again after a purge).
    func servingAssets(_ record: Record) -> Record {
        guard downloadCache != nil else { return record }
        return rewritingAssets(of: record) { asset in
            guard let checksum = asset.fileChecksum, assetContents[checksum] != nil else { return asset }
            var served = asset
            served.fileURL = cachedFile(checksum)
            return served
        }
    }

    /// The download cache's file for `checksum`, written if missing.
    private func cachedFile(_ checksum: String) -> URL? {
        guard let downloadCache, let data = assetContents[checksum] else { return nil }
        let url = downloadCache.appendingPathComponent(checksum)
        if !FileManager.default.fileExists(atPath: url.path) {
            try? FileManager.default.createDirectory(at: downloadCache, withIntermediateDirectories: true)
            try? data.write(to: url, options: .atomic)
        }
        return url
    }

    private func rewritingAssets(of record: Record, _ transform: (Asset) -> Asset) -> Record {
        var result = record
        for (key, value) in record.fields {
            switch value {
            case let .asset(asset): result.fields[key] = .asset(transform(asset))
            case let .list(.asset(list)): result.fields[key] = .list(.asset(list.map(transform)))
            default: break
            }
        }
        return result
    }

    /// A content checksum for the simulator's own use (FNV-1a, 64 bits, and the size): stable across runs.
    static func checksum(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "sim-" + String(hash, radix: 16) + "-" + String(data.count)
    }
}
