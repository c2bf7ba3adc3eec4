import Foundation

/// Recognizes files recordgen wrote: they start with a DO NOT EDIT header.
enum GeneratedHeader {
    /// The words recordgen's header carries in its first lines.
    static let marker = "DO NOT EDIT"

    /// True when the file's first 512 bytes hold the marker. Unreadable files count as not generated.
    static func isPresent(in file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 512) else { return false }
        return String(decoding: head, as: UTF8.self).contains(marker)
    }
}
