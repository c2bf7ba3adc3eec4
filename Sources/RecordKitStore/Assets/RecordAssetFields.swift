import RecordKit

/// Finding and replacing the assets of a record: single asset fields and lists of assets.
enum RecordAssetFields {
    /// Every asset of `record`, with the name of its field.
    static func assets(of record: Record) -> [(field: String, asset: Asset)] {
        var found: [(field: String, asset: Asset)] = []
        for fields in [record.fields, record.encryptedFields] {
            for (key, value) in fields {
                switch value {
                case let .asset(asset): found.append((key, asset))
                case let .list(.asset(list)): found += list.map { (key, $0) }
                default: break
                }
            }
        }
        return found
    }

    /// Whether `record` holds any asset.
    static func hasAssets(_ record: Record) -> Bool {
        !assets(of: record).isEmpty
    }

    /// `record` with each asset that names the same file as the asset in the same field of `server` replaced by
    /// the server's: the same file of the (content-addressed) folder is the same bytes, and the server's asset also
    /// carries what the server gave it (checksums, a receipt, a download URL). An app that saves a model with an
    /// unchanged asset thus stores the asset the server holds, which merges and the changed keys see as unchanged.
    static func keepingServerAssets(of record: Record, server: Record) -> Record {
        func kept(_ value: FieldValue, _ serverValue: FieldValue?) -> FieldValue? {
            switch (value, serverValue) {
            case let (.asset(mine), .asset(theirs)?):
                return sameFile(mine, theirs) && mine != theirs ? .asset(theirs) : nil
            case let (.list(.asset(mine)), .list(.asset(theirs))?):
                guard mine.count == theirs.count, mine != theirs, zip(mine, theirs).allSatisfy(sameFile) else { return nil }
                return .list(.asset(theirs))
            default:
                return nil
            }
        }
        var result = record
        for (key, value) in record.fields {
            if let replaced = kept(value, server.fields[key]) { result.fields[key] = replaced }
        }
        for (key, value) in record.encryptedFields {
            if let replaced = kept(value, server.encryptedFields[key]) { result.encryptedFields[key] = replaced }
        }
        return result
    }

    private static func sameFile(_ mine: Asset, _ theirs: Asset) -> Bool {
        mine.fileURL != nil && mine.fileURL == theirs.fileURL
    }

    /// `record` with each asset replaced by `transform(field, asset)`.
    static func replacingAssets<Failure: Error>(
        of record: Record, _ transform: (String, Asset) throws(Failure) -> Asset
    ) throws(Failure) -> Record {
        var result = record
        for (key, value) in record.fields {
            if let replaced = try replaced(value, field: key, transform) { result.fields[key] = replaced }
        }
        for (key, value) in record.encryptedFields {
            if let replaced = try replaced(value, field: key, transform) { result.encryptedFields[key] = replaced }
        }
        return result
    }

    /// The value with its assets transformed; nil when it holds none.
    private static func replaced<Failure: Error>(
        _ value: FieldValue, field: String, _ transform: (String, Asset) throws(Failure) -> Asset
    ) throws(Failure) -> FieldValue? {
        switch value {
        case let .asset(asset):
            return .asset(try transform(field, asset))
        case let .list(.asset(list)):
            var assets: [Asset] = []
            assets.reserveCapacity(list.count)
            for asset in list { assets.append(try transform(field, asset)) }
            return .list(.asset(assets))
        default:
            return nil
        }
    }
}
