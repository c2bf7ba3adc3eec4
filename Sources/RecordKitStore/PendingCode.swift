/// The pending change column's values.
enum PendingCode: Int64 {
    case none = 0
    case save = 1
    case delete = 2
}
