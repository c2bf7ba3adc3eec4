import Foundation
import Testing
@testable import RecordKit

/// Damaged input never traps: every prefix and thousands of byte-flipped copies of a rich body either decode or
/// throw a located error.
@Suite struct HostileInputTests {
    static func richBody() throws -> Data {
        let record = try FieldValueJSONTests.everyKindRecord()
        let response = RecordsResponse(results: [.record(record), .deleted(RecordID(recordName: "gone")),
                                                 .error(WebServicesServerError(serverErrorCode: .notFound, reason: "x", recordName: "y"))],
                                       syncToken: ServerChangeToken(data: Data([1, 2, 3])))
        return try WebServicesJSON.encodeRecordsResponse(response)
    }

    @Test func everyPrefixFailsWithALocatedError() throws {
        let data = try Self.richBody()
        for length in 0..<data.count {
            do {
                _ = try WebServicesJSON.contents(of: data.prefix(length))
                Issue.record("prefix of \(length) bytes decoded")
            } catch {
                #expect(error.offset <= length)
            }
        }
        #expect(throws: Never.self) { try WebServicesJSON.contents(of: data) }
    }

    @Test func flippedBytesNeverTrap() throws {
        let data = try Self.richBody()
        var generator = SplitMix(seed: 2026)
        var failures = 0
        for _ in 0..<3_000 {
            var damaged = [UInt8](data)
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let position = Int(generator.next() % UInt64(damaged.count))
                damaged[position] = UInt8(truncatingIfNeeded: generator.next())
            }
            do {
                _ = try WebServicesJSON.contents(of: Data(damaged))
            } catch {
                failures += 1
                #expect(error.offset <= damaged.count)
                #expect(!error.description.isEmpty)
            }
        }
        #expect(failures > 0)
    }
}
