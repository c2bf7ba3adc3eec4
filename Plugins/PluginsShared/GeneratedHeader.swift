import Foundation

/// Recognizes files recordgen wrote: they start with the generator's marker (OutputFileNames.swift, shared by
/// symlink with the generator, which writes it).
enum GeneratedHeader {
    /// True when the file starts with the marker. Unreadable files count as not generated.
    static func isPresent(in file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        let length = RecordGenOutputFileNames.generatedFileMarker.utf8.count
        guard let head = try? handle.read(upToCount: length) else { return false }
        return RecordGenOutputFileNames.isGeneratedFile(head: String(decoding: head, as: UTF8.self))
    }
}
