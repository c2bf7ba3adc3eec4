/// CloudKit's documented request limits.
///
/// "400 items (records or shares) per operation; 2 MB per request (not counting asset sizes)":
/// https://developer.apple.com/documentation/cloudkit/ckerror/code/limitexceeded
public enum CloudLimits {
    /// The most records (saved plus deleted) in one modify request.
    public static let maximumItemsPerRequest = 400
    /// The most bytes in one modify request, counted by ``RequestSize``.
    public static let maximumBytesPerRequest = 2 * 1024 * 1024
}
