/// The version of RecordKit, reported by `recordgen --version`.
public enum RecordKitVersion {
    /// The release version string.
    public static let current = "0.1.0"
}
