import Foundation
import RecordKit

/// Small real files for the assets of tests and examples.
///
/// A `RecordStore` owns its asset files: a save copies the file an asset names into the store's folder, and a
/// record whose file does not exist is refused. A test's records therefore name real files; these hold a short
/// text, so a test can tell two assets apart by their contents (``text(of:)``) on any device, whatever folder
/// each store copied them into.
///
/// ```swift
/// let note = Note(recordID: id, text: TestAssetFiles.asset(containing: "Buy milk"), modified: now)
/// try device.store.save(note)
/// #expect(TestAssetFiles.text(of: try #require(device.store.fetch(Note.self, id: id)).text) == "Buy milk")
/// ```
///
/// The files live in a temporary folder of the process, removed when it exits normally.
public enum TestAssetFiles {
    /// The folder of this process's files.
    public static let folder: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("RecordKit-test-assets-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestAssetFiles.folder) }
        return url
    }()

    /// An asset whose file holds `text` (UTF-8). The same text gives the same file. When the file cannot be
    /// written, the asset names a file that does not exist, and the store's save of it fails naming it.
    public static func asset(containing text: String) -> Asset {
        let url = folder.appendingPathComponent(fileName(for: text), isDirectory: false)
        if !FileManager.default.fileExists(atPath: url.path) {
            // Atomic: a test writing the same text at the same time writes an equal file.
            try? Data(text.utf8).write(to: url, options: .atomic)
        }
        return Asset(fileURL: url)
    }

    /// The text of an asset's file; nil when the asset has no file or the file cannot be read.
    public static func text(of asset: Asset) -> String? {
        guard let url = asset.fileURL, let data = try? Data(contentsOf: url) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The file name of a text: its UTF-8 bytes in hex (one text, one name), or, for a long text, a name of its own.
    private static func fileName(for text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count <= 100 else { return "long-" + UUID().uuidString }
        return "text-" + bytes.map { String(format: "%02x", $0) }.joined()
    }
}
