/// Why a Core Data mirror store could not be read.
public enum MirrorStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be copied or opened as SQLite.
    case cannotOpen(path: String, message: String)
    /// SQLite refused a query (`sql`) with `message`.
    case query(sql: String, message: String)
    /// A table NSPersistentCloudKitContainer writes is missing: the file is not a mirror store.
    case missingTable(String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, message): "\(path): cannot open as SQLite: \(message)"
        case let .query(sql, message): "SQLite refused `\(sql)`: \(message)"
        case let .missingTable(name): "no table \(name): not a store NSPersistentCloudKitContainer mirrors"
        }
    }
}
