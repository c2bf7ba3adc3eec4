/// Where a value sits in a keyed archive, from `$top`: built only as far as it is needed, rendered only
/// when an error names it.
final class ArchivePath: Sendable, CustomStringConvertible {
    private let parent: ArchivePath?
    private let component: String

    private init(parent: ArchivePath?, component: String) {
        self.parent = parent
        self.component = component
    }

    /// `$top`, where every path starts.
    static let top = ArchivePath(parent: nil, component: "$top")

    /// The path of a key of this object: `parent.key`.
    func key(_ key: String) -> ArchivePath { ArchivePath(parent: self, component: "." + key) }

    /// The path of an element of a list: `parent[3]`.
    func index(_ index: Int) -> ArchivePath { ArchivePath(parent: self, component: "[\(index)]") }

    /// The path of an entry of a dictionary: `parent["name"]`.
    func entry(_ key: String) -> ArchivePath { ArchivePath(parent: self, component: "[\"\(key)\"]") }

    var description: String {
        var components: [String] = []
        var node: ArchivePath? = self
        while let current = node {
            components.append(current.component)
            node = current.parent
        }
        return components.reversed().joined()
    }
}

/// A key of an object, not yet turned into a path: most lookups succeed and never need one.
struct PendingPath {
    let parent: ArchivePath
    let key: String

    var path: ArchivePath { parent.key(key) }
    var description: String { path.description }
}
