import Foundation
@testable import RecordKit

/// Finds `../shared/conformance/ckws` (and its sibling folders) beside the repository (the folder holding
/// Package.swift above this file).
enum ConformanceFiles {
    static let ckws: URL? = folder("ckws")

    /// `../shared/conformance/<name>` beside the repository, or nil when it is not there.
    static func folder(_ name: String) -> URL? {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                let found = folder.deletingLastPathComponent().appendingPathComponent("shared/conformance/" + name)
                return FileManager.default.fileExists(atPath: found.path) ? found : nil
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    static var isPresent: Bool { ckws != nil }

    /// The bytes of `ckws/<path>`.
    static func data(_ path: String) throws -> Data {
        guard let ckws else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: ckws.appendingPathComponent(path))
    }

    /// The files of one folder, sorted.
    static func files(in folder: String) throws -> [String] {
        guard let ckws else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: ckws.appendingPathComponent(folder).path)
            .sorted().map { folder + "/" + $0 }
    }

    /// Values substituted for the Swift interpolations in the CloudyKit mocks.
    static let uuid = "5E1A3B2C-0D4F-4A6B-8C9D-0E1F2A3B4C5D"
    static let nowMilliseconds: Int64 = 1_700_000_000_123
    static let placeholders: [(String, String)] = [
        ("\\(UUID().uuidString)", uuid),
        ("\\(Int(Date().timeIntervalSince1970 * 1000))", String(nowMilliseconds)),
        ("\\(wrappingKey)", "wrapping-key-1"),
        ("\\(fileChecksum)", "file-checksum-1"),
        ("\\(receipt)", "receipt-1"),
        ("\\(referenceChecksum)", "reference-checksum-1"),
    ]

    /// A CloudyKit mock with its placeholders replaced by plausible values.
    static func mock(_ name: String) throws -> Data {
        var text = String(decoding: try data("cloudykit_mocks/" + name + ".json.swifttemplate"), as: UTF8.self)
        for (placeholder, value) in placeholders {
            text = text.replacingOccurrences(of: placeholder, with: value)
        }
        return Data(text.utf8)
    }
}

/// The date of whole milliseconds since 1970, as the decoder makes it (exact integer arithmetic, one rounding),
/// so values compare equal bit for bit.
func millisecondsDate(_ milliseconds: Int64) -> Date {
    date(fromMilliseconds: milliseconds) ?? .distantPast
}

/// Whole milliseconds since 1970 of a date.
func wholeMilliseconds(_ date: Date?) -> Int64? {
    date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
}
