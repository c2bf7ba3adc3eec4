/// CloudKit's documented request limits.
///
/// "400 items (records or shares) per operation; 2 MB per request (not counting asset sizes)":
/// https://developer.apple.com/documentation/cloudkit/ckerror/code/limitexceeded
public enum CloudLimits {
    /// The most records (saved plus deleted) in one modify request.
    public static let maximumItemsPerRequest = 400
    /// The most bytes in one modify request, counted by ``RequestSize``.
    public static let maximumBytesPerRequest = 2 * 1024 * 1024
    /// The largest asset file sent: 250 MB, decimal (250,000,000 bytes). The store reports a pending save with a
    /// larger asset as unreadable, naming the record and field, and sends the rest of the batch. Apple's current
    /// CKAsset page (https://developer.apple.com/documentation/cloudkit/ckasset) states no size; the only figure
    /// Apple published is the archived Web Services reference's 50 MB per asset field (2016,
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/PropertyMetrics.html);
    /// 250 MB is what CloudKit takes for a CKAsset by practice. The store checks the same figure
    /// (`OwnedAssetSyncTests` holds them equal).
    public static let maximumAssetBytes: Int64 = 250_000_000
}
