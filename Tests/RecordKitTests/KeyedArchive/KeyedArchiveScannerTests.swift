import Foundation
import Testing
@testable import RecordKit

/// The fast path (`KeyedArchiveScanner`) takes the real tokens and system fields, and never returns anything
/// but what the general reader returns for the same bytes: damaged or unusual archives are left to the reader.
@Suite struct KeyedArchiveScannerTests {
    typealias Generator = KeyedArchiveRoundTripTests.SeededGenerator

    /// Whether the scanner took `data`; when it did, the general reader must decode the same contents.
    @discardableResult
    private static func scannerAgrees(_ data: Data, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = KeyedArchiveScanner.contents(of: data) else { return false }
        do {
            let general = try KeyedArchive.readerContents(of: data)
            #expect(general == fast, comment, sourceLocation: sourceLocation)
        } catch {
            Issue.record("the scanner decoded what the general reader refuses (\(error)): \(comment)", sourceLocation: sourceLocation)
        }
        return true
    }

    @Test(.enabled(if: KeyedArchiveFiles.available, "needs ../shared/conformance/keyed-archive"))
    func takesTheRealTokensAndSystemFields() throws {
        for name in [KeyedArchiveFiles.tokenMutableData, KeyedArchiveFiles.tokenInline, KeyedArchiveFiles.systemFields] {
            let data = try KeyedArchiveFiles.data(name)
            let fast = try #require(KeyedArchiveScanner.contents(of: data), "the scanner left \(name) to the reader")
            #expect(fast == (try KeyedArchive.readerContents(of: data)), "\(name)")
        }
    }

    @Test(.enabled(if: KeyedArchiveFiles.available, "needs ../shared/conformance/keyed-archive"))
    func leavesWholeRecordsToTheGeneralReader() throws {
        let data = try KeyedArchiveFiles.data(KeyedArchiveFiles.wholeRecord)
        #expect(KeyedArchiveScanner.contents(of: data) == nil)
        guard case .record = try KeyedArchive.contents(of: data) else {
            Issue.record("the whole record no longer decodes as a record")
            return
        }
    }

    /// Every truncation and byte flip of every real archive: whatever the scanner returns, the reader agrees.
    @Test(.enabled(if: KeyedArchiveFiles.available, "needs ../shared/conformance/keyed-archive"), arguments: KeyedArchiveFiles.all)
    func damagedArchivesAgree(name: String) throws {
        let data = try KeyedArchiveFiles.data(name)
        for length in 0..<data.count {
            Self.scannerAgrees(data.prefix(length), "\(name) cut to \(length) bytes")
        }
        var taken = 0
        for offset in data.indices {
            for mask: UInt8 in [0x01, 0x02, 0x10, 0x80, 0xff] {
                var damaged = data
                damaged[offset] ^= mask
                if Self.scannerAgrees(damaged, "\(name) with byte \(offset) ^ \(mask)") { taken += 1 }
            }
        }
        // Flips inside values the scanner does not read leave archives it still takes, apart from whole records.
        #expect((taken > 0) == (name != KeyedArchiveFiles.wholeRecord), "\(name): scanner took \(taken) damaged copies")
    }

    /// Generated system fields, with and without parent and share references, names of any script.
    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func generatedSystemFieldsAgree(seed: UInt64) throws {
        var generator = Generator(state: seed)
        var taken = 0
        for _ in 0..<50 {
            let zone = RecordZoneID(
                zoneName: KeyedArchiveRoundTripTests.text(&generator),
                ownerName: Bool.random(using: &generator) ? RecordZoneID.defaultOwnerName : KeyedArchiveRoundTripTests.text(&generator)
            )
            let record = Record(
                recordType: KeyedArchiveRoundTripTests.text(&generator),
                id: RecordID(recordName: KeyedArchiveRoundTripTests.text(&generator), zoneID: zone),
                system: SystemFields(
                    changeTag: KeyedArchiveRoundTripTests.optionalText(&generator),
                    creationDate: KeyedArchiveRoundTripTests.date(&generator),
                    creatorUserRecordName: KeyedArchiveRoundTripTests.optionalText(&generator),
                    modificationDate: KeyedArchiveRoundTripTests.date(&generator),
                    lastModifiedUserRecordName: KeyedArchiveRoundTripTests.optionalText(&generator),
                    modifiedByDevice: KeyedArchiveRoundTripTests.optionalText(&generator),
                    parent: Bool.random(using: &generator) ? KeyedArchiveRoundTripTests.reference(&generator) : nil,
                    share: Bool.random(using: &generator) ? KeyedArchiveRoundTripTests.reference(&generator) : nil
                )
            )
            let data = KeyedArchive.encodeSystemFields(of: record)
            if Self.scannerAgrees(data, "seed \(seed)") { taken += 1 }
            #expect(try KeyedArchive.decodeRecord(data) == record, "seed \(seed)")
        }
        #expect(taken > 0, "seed \(seed): the scanner took none of the generated archives")
    }

    /// Generated change tokens of every size, through the scanner and the reader.
    @Test func generatedTokensAgree() throws {
        var generator = Generator(state: 31)
        for count in 0..<300 {
            let token = ServerChangeToken(data: Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
            let data = KeyedArchive.encodeChangeToken(token)
            #expect(Self.scannerAgrees(data, "token of \(count) bytes"))
            #expect(try KeyedArchive.decodeChangeToken(data) == token)
        }
    }

    /// The one-pass search of `$top` can find every key it is asked for, and has room to keep each.
    @Test func everyTopKeyHasASlot() {
        #expect(TopEntries.Key.allCases.count <= SIMD16<Int32>.scalarCount)
        for key in TopEntries.Key.allCases {
            let row = key.name.utf8CodeUnitCount * 2
            #expect(TopEntries.slotsByLength[row] == key.rawValue || TopEntries.slotsByLength[row + 1] == key.rawValue, "\(key)")
        }
    }
}
