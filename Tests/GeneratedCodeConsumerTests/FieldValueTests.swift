import Foundation
import RecordKit
import Testing

/// The runtime conformances generated code relies on, through RecordKit's public API.
@Suite struct FieldValueTests {
    @Test func uuidsRoundTripInTheFormAppleWrites() throws {
        for _ in 0..<100 {
            let uuid = UUID()
            #expect(uuid.fieldValue == .string(uuid.uuidString))
            #expect(try UUID(fieldValue: uuid.fieldValue) == uuid)
        }
        #expect(try UUID(fieldValue: .string("e621e1f8-c36c-495a-93fc-0c247a3e6e5f")) == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    }

    @Test(arguments: [
        "", "E621E1F8C36C495A93FC0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
        "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8+C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6É5",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5:", "E621E1F8-C36C-495A-93FC-0C247A3E6E5@", "e621e1f8-c36c-495a-93fc-0c247a3e6e5g",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5`", "E621E1F-8C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5/",
    ])
    func malformedUUIDsAreInvalidValues(text: String) {
        #expect(throws: FieldValueError.invalidValue(value: "\"\(text)\"", reason: "a UUID")) { try UUID(fieldValue: .string(text)) }
    }

    /// Every ASCII byte at every position of a UUID's text: the text is read exactly when it keeps the strict form
    /// (hex digits of either case, dashes at 8, 13, 18 and 23), and then to the UUID Foundation reads. Foundation's
    /// own parser on Linux is laxer (it skips spaces and accepts `+`, `-` and `0x` inside groups).
    @Test func uuidParsingAcceptsExactlyTheStrictFormOnEverySingleByteChange() {
        let text = Array("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8)
        let dashes: Set = [8, 13, 18, 23]
        let hexDigits = Set("0123456789abcdefABCDEF".utf8)
        var wrong: [String] = []
        for position in text.indices {
            for byte in UInt8(0)..<0x80 {
                var changed = text
                changed[position] = byte
                let candidate = String(decoding: changed, as: UTF8.self)
                let strict = dashes.contains(position) ? byte == UInt8(ascii: "-") : hexDigits.contains(byte)
                let parsed = try? UUID(fieldValue: .string(candidate))
                if parsed != (strict ? UUID(uuidString: candidate) : nil) || (strict && parsed == nil) { wrong.append(candidate) }
            }
        }
        #expect(wrong.isEmpty)
    }

    /// An app's own type adopts RecordFieldValue with a plain (owned) `init(fieldValue:)`; lists go through the
    /// protocol's default element conversions.
    @Test func appTypesAdoptRecordFieldValueWithAPlainInitializer() throws {
        #expect(try Celsius(fieldValue: .double(21.5)) == Celsius(degrees: 21.5))
        #expect(try Celsius.elements(of: .double([1, 2])) == [Celsius(degrees: 1), Celsius(degrees: 2)])
        #expect(Celsius.fieldList(of: [Celsius(degrees: 3)]) == .double([3]))
        #expect(throws: FieldValueError.typeMismatch(expected: .list(of: .double), found: .list(of: .int64))) {
            try Celsius.elements(of: .int64([1]))
        }
    }

    @Test func wrongKindsAreTypeMismatches() {
        #expect(throws: FieldValueError.typeMismatch(expected: .scalar(.int64), found: .scalar(.string))) { try Bool(fieldValue: .string("1")) }
        #expect(throws: FieldValueError.typeMismatch(expected: .scalar(.timestamp), found: .scalar(.double))) { try Date(fieldValue: .double(1)) }
        #expect(throws: FieldValueError.typeMismatch(expected: .list(of: .int64), found: .list(of: .double))) { try Int64.elements(of: .double([1])) }
    }

    @Test func lastWriterWinsPicksTheLaterClock() {
        let early = Date(timeIntervalSince1970: 1), late = Date(timeIntervalSince1970: 2)
        #expect(FieldMerger.lastWriterWins(clientClock: late, serverClock: early).conflictWinner == .client)
        #expect(FieldMerger.lastWriterWins(clientClock: early, serverClock: late).conflictWinner == .server)
        #expect(FieldMerger.lastWriterWins(clientClock: early, serverClock: early).conflictWinner == .server)
        #expect(FieldMerger.lastWriterWins(clientClock: nil as Date?, serverClock: early).conflictWinner == .server)
        #expect(FieldMerger.lastWriterWins(clientClock: early, serverClock: nil).conflictWinner == .client)
    }

    @Test func optionalFieldsKeepNilDistinctFromNoAncestor() {
        let merger = FieldMerger(conflictsGoTo: .server)
        // The ancestor had nil; the client set a value; the server did not touch it: the client's value wins.
        #expect(merger.merge(Optional<String?>.some(nil), "client", nil) == "client")
        // No ancestor at all: a difference is a conflict, which goes to the server.
        #expect(merger.merge(Optional<String?>.none, "client", nil) == nil)
    }
}

/// A type of the app's own, stored as a double.
private struct Celsius: RecordFieldValue, Equatable {
    var degrees: Double
    static var fieldKind: FieldKind { .double }
    init(degrees: Double) { self.degrees = degrees }
    init(fieldValue: FieldValue) throws(FieldValueError) {
        guard case let .double(degrees) = fieldValue else {
            throw .typeMismatch(expected: .scalar(.double), found: fieldValue.type)
        }
        self.degrees = degrees
    }
    var fieldValue: FieldValue { .double(degrees) }
}
