/// Which of a container's three databases an operation addresses.
public enum DatabaseScope: String, Sendable, Hashable, CaseIterable {
    /// Readable by everyone; only the default zone; no change feeds.
    case `public`
    /// The current user's own data: custom zones with change feeds and atomic saves.
    case `private`
    /// Zones other users shared with the current user.
    case shared
}
