/// The largest asset file CloudKit takes. A pending save with a larger asset is reported in
/// `PendingBatch.unreadable` (``AssetFileError/tooLarge(path:size:limit:)``) instead of being sent.
///
/// Apple's current CKAsset page (https://developer.apple.com/documentation/cloudkit/ckasset) states no size; the
/// archived CloudKit Web Services Reference, "Data Size Limits"
/// (https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/PropertyMetrics.html),
/// lists 50 MB per asset field (2016); 250 MB is the figure CloudKit practice reports for CKAsset today. The store
/// checks the larger one, so it never refuses what CloudKit takes; the sync engines publish it as
/// `CloudLimits.maximumAssetBytes`.
package enum AssetSizeLimit {
    /// 250 MB.
    package static let cloudKitMaximumBytes: Int64 = 250 * 1024 * 1024
}
