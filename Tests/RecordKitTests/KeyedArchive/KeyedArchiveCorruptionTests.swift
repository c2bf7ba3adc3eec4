import Foundation
import Testing
@testable import RecordKit

/// Damaged real archives never crash the decoder: every outcome is a value or a typed error.
@Suite(.enabled(if: KeyedArchiveFiles.available, "needs ../shared/conformance/keyed-archive"))
struct KeyedArchiveCorruptionTests {
    /// Decodes through every entry point; returns how many calls threw.
    private static func decodeEverything(_ data: Data) -> Int {
        var failures = 0
        do { _ = try KeyedArchive.contents(of: data) } catch { failures += 1; _ = error.description }
        do { _ = try KeyedArchive.decodeRecord(data) } catch { failures += 1; _ = error.description }
        do { _ = try KeyedArchive.decodeChangeToken(data) } catch { failures += 1; _ = error.description }
        return failures
    }

    @Test(arguments: KeyedArchiveFiles.all)
    func everyTruncationFailsCleanly(name: String) throws {
        let data = try KeyedArchiveFiles.data(name)
        var failures = 0
        for length in 0..<data.count {
            failures += Self.decodeEverything(data.prefix(length))
        }
        // Cutting off the trailer always breaks the plist.
        #expect(failures >= data.count * 3)
    }

    @Test(arguments: KeyedArchiveFiles.all)
    func everyByteFlipIsSurvived(name: String) throws {
        let data = try KeyedArchiveFiles.data(name)
        var failures = 0
        for offset in data.indices {
            for mask: UInt8 in [0x01, 0x80, 0xff] {
                var damaged = data
                damaged[offset] ^= mask
                failures += Self.decodeEverything(damaged)
            }
        }
        #expect(failures > 0)
    }

    @Test func errorsSayWhere() throws {
        var data = try KeyedArchiveFiles.data(KeyedArchiveFiles.systemFields)
        // Make the ETag value (the one-character string "4", bytes 51 34) an integer (10 34).
        guard let range = data.range(of: Data([0x51, UInt8(ascii: "4")])) else {
            Issue.record("the ETag string is not in the archive")
            return
        }
        let index = range.lowerBound
        data[index] = 0x10
        #expect(throws: KeyedArchiveError.typeMismatch(path: "$top.ETag", expected: "string", found: "number (integer)")) {
            try KeyedArchive.decodeRecord(data)
        }
    }
}
