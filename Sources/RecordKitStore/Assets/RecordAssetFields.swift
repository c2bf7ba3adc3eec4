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
