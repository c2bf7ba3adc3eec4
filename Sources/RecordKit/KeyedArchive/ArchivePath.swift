/// Where a value sits in a keyed archive, from `$top`: built only as far as it is needed, rendered only
/// when an error names it.
final class ArchivePath: Sendable, CustomStringConvertible {
    private enum Step {
        case top
        case key(String)
        case index(Int)
        case entry(String)
    }

    private let parent: ArchivePath?
    private let step: Step

    private init(parent: ArchivePath?, step: Step) {
        self.parent = parent
        self.step = step
    }

    /// `$top`, where every path starts.
    static let top = ArchivePath(parent: nil, step: .top)

    /// The path of a key of this object: `parent.key`.
    func key(_ key: String) -> ArchivePath { ArchivePath(parent: self, step: .key(key)) }

    /// The path of an element of a list: `parent[3]`.
    func index(_ index: Int) -> ArchivePath { ArchivePath(parent: self, step: .index(index)) }

    /// The path of an entry of a dictionary: `parent["name"]`.
    func entry(_ key: String) -> ArchivePath { ArchivePath(parent: self, step: .entry(key)) }

    var description: String {
        var components: [String] = []
        var node: ArchivePath? = self
        while let current = node {
            switch current.step {
            case .top: components.append("$top")
            case let .key(key): components.append("." + key)
            case let .index(index): components.append("[\(index)]")
            case let .entry(key): components.append("[\"\(key)\"]")
            }
            node = current.parent
        }
        return components.reversed().joined()
    }
}
