/// The largest asset file CloudKit takes. A pending save with a larger asset is reported in
/// `PendingBatch.unreadable` (``AssetFileError/tooLarge(path:size:limit:)``) instead of being sent.
///
/// 250 MB, decimal (250,000,000 bytes, as Apple counts storage), the figure the CloudKit practice reports for a
/// CKAsset. Apple's own pages give no figure for CKAsset today: the current CKAsset page
/// (https://developer.apple.com/documentation/cloudkit/ckasset) states no size, and the only figure Apple published,
/// in the archived CloudKit Web Services Reference, "Data Size Limits" (updated 2016-06-13,
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/PropertyMetrics.html),
/// is "Maximum file size of an Asset field: 50 MB" for Web Services. The store checks the larger figure, so it
/// never refuses what CloudKit takes; the sync engines publish it as `CloudLimits.maximumAssetBytes`.
package enum AssetSizeLimit {
    /// 250 MB: 250,000,000 bytes.
    package static let cloudKitMaximumBytes: Int64 = 250_000_000
}
