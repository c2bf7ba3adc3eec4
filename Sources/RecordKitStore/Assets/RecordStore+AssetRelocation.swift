import Foundation
import GRDB
import RecordKit

/// Records store their assets' file URLs as absolute paths into the asset folder. An app's container can move
/// (iOS gives it a new path after an update or a restore), and the store with it: at open, when the folder's
/// path is not the one stored, every reference into the old path is rewritten to the new one, in one transaction.
extension RecordStore {
    /// The `state` key of the asset folder's path the stored URLs point into.
    private static let assetFolderKey = "assetFolder"

    /// Rewrites references into a moved asset folder, then notes the folder's path.
    func relocateAssetReferences() throws(RecordStoreError) {
        let (table, state) = (schema.records, schema.state)
        let current = assets.url.path
        let marker = Data(assets.url.lastPathComponent.utf8)
        try write { db in
            let stored = try String.fetchOne(db, sql: "SELECT value FROM \(state) WHERE key = ?", arguments: [Self.assetFolderKey])
            guard stored != current else { return }
            if let stored {
                let rows = try Row.fetchAll(
                    db, sql: "SELECT rowid, value, server FROM \(table) WHERE instr(value, ?) > 0 OR instr(server, ?) > 0",
                    arguments: [marker, marker])
                for row in rows {
                    let rowid: Int64 = row[0]
                    var values = [row[1] as DatabaseValue, row[2] as DatabaseValue]
                    var changed = false
                    for index in values.indices {
                        // A column the store cannot read is left as it is (reads report it); the others move.
                        guard case let .blob(bytes) = values[index].storage,
                              let moved = try? Self.relocated(bytes, from: stored, to: assets), moved != bytes
                        else { continue }
                        values[index] = moved.databaseValue
                        changed = true
                    }
                    guard changed else { continue }
                    try db.execute(sql: "UPDATE \(table) SET value = ?, server = ? WHERE rowid = ?", arguments: [values[0], values[1], rowid])
                }
            }
            try db.execute(sql: "INSERT OR REPLACE INTO \(state) (key, value) VALUES (?, ?)", arguments: [Self.assetFolderKey, current])
        }
    }

    /// The archived record with its assets in folder `old` pointing into `folder` instead; the same bytes when
    /// none does.
    private static func relocated(_ bytes: Data, from old: String, to folder: AssetFolder) throws -> Data {
        let record = try NativeArchive.decodeRecord(bytes)
        var moved = false
        let result = RecordAssetFields.replacingAssets(of: record) { (_, asset) -> Asset in
            guard let url = asset.fileURL, url.isFileURL, url.deletingLastPathComponent().path == old else { return asset }
            var relocated = asset
            relocated.fileURL = folder.fileURL(digest: url.lastPathComponent)
            moved = true
            return relocated
        }
        return moved ? NativeArchive.encode(result) : bytes
    }
}
