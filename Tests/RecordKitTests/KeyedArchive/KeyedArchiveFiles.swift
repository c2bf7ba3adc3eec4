import Foundation

/// Finds the real keyed archives in `<repo root>/../shared/conformance/keyed-archive`, from this file's path.
enum KeyedArchiveFiles {
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // KeyedArchive
        .deletingLastPathComponent() // RecordKitTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // repo root
        .appendingPathComponent("../shared/conformance/keyed-archive")
        .standardizedFileURL

    static var available: Bool { FileManager.default.fileExists(atPath: folder.path) }

    static let tokenMutableData = "mentrena__SyncKit__serverChangeToken.AQAAAWPa1DUC"
    static let tokenInline = "passepartoutvpn__passepartout__zone_changetoken.bplist"
    static let systemFields = "mentrena__SyncKit__QSCompany.1739C6A5-C07E-48A5-B83E-AB07694F23DF"
    static let wholeRecord = "insidegui__CloudKitCodable__Rambo.ckrecord"
    static let all = [tokenMutableData, tokenInline, systemFields, wholeRecord]
    /// The archives with a third-party dump (`<name>.dump.json`) beside them: all but `tokenInline`.
    static let dumped = [tokenMutableData, systemFields, wholeRecord]

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Every archive in the folder (files without the `.dump.json` and `.txt` suffixes).
    static func archiveNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasSuffix(".json") && !$0.hasSuffix(".txt") }
            .sorted()
    }

    /// The third-party dump beside an archive, parsed as JSON.
    static func dump(_ name: String) throws -> Any? {
        let url = folder.appendingPathComponent(name + ".dump.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    }
}

/// Milliseconds since 2001, rounded, to compare dates "to the millisecond".
func keyedArchiveMilliseconds(_ date: Date?) -> Int64? {
    date.map { Int64(($0.timeIntervalSinceReferenceDate * 1000).rounded()) }
}
