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
    ])
    func malformedUUIDsAreInvalidValues(text: String) {
        #expect(throws: FieldValueError.invalidValue(value: "\"\(text)\"", reason: "a UUID")) { try UUID(fieldValue: .string(text)) }
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
