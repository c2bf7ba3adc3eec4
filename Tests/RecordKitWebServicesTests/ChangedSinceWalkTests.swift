import Foundation
import RecordKit
import RecordKitSync
import RecordKitWebServices
import Testing

/// The changed-since walk's boundary, over canned responses: records sharing the boundary millisecond are each
/// delivered once, a record saved later within that millisecond is still delivered, and a page of records all
/// delivered already is paged past by its continuation marker.
@Suite struct ChangedSinceWalkTests {
    static let t1 = Date(timeIntervalSince1970: 1_700_000_000)
    static let t2 = Date(timeIntervalSince1970: 1_700_000_001)

    func book(_ name: String, at time: Date, tag: String) -> Record {
        var record = Book(recordID: RecordID(recordName: name), title: name, author: "Zola").record()
        record.system.modificationDate = time
        record.system.changeTag = tag
        return record
    }

    func page(_ records: [Record], marker: String? = nil) throws -> WebServicesHTTPResponse {
        let body = try WebServicesJSON.encodeRecordsResponse(RecordsResponse(results: records.map(RecordResult.record), continuationMarker: marker))
        return WebServicesHTTPResponse(status: 200, headers: [], body: body)
    }

    /// What each request asked: the modification time filter's value and the continuation marker.
    func asked(_ transport: StubTransport, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        var lines: [String] = []
        for request in await transport.requests {
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any], sourceLocation: sourceLocation)
            let query = try #require(body["query"] as? [String: Any], sourceLocation: sourceLocation)
            let filter = try #require((query["filterBy"] as? [[String: Any]])?.last, sourceLocation: sourceLocation)
            let value = try #require((filter["fieldValue"] as? [String: Any])?["value"] as? NSNumber, sourceLocation: sourceLocation)
            #expect(filter["comparator"] as? String == "GREATER_THAN_OR_EQUALS", sourceLocation: sourceLocation)
            #expect(filter["systemFieldName"] as? String == "modifiedTimestamp", sourceLocation: sourceLocation)
            #expect((query["sortBy"] as? [[String: Any]])?.first?["systemFieldName"] as? String == "modifiedTimestamp", sourceLocation: sourceLocation)
            lines.append("\(value.int64Value) \(body["continuationMarker"] as? String ?? "-")")
        }
        return lines
    }

    func names(of walk: ChangedSinceWalk<Book>) async throws -> (pages: [[String]], cursor: ChangedSinceCursor?) {
        var pages: [[String]] = [], cursor: ChangedSinceCursor?
        for try await page in walk {
            pages.append(page.models.map(\.recordID.recordName))
            cursor = page.cursor
        }
        return (pages, cursor)
    }

    @Test func recordsSharingTheBoundaryMillisecondAreDeliveredOnceEach() async throws {
        let (a, b, c, d) = (book("a", at: Self.t1, tag: "1"), book("b", at: Self.t1, tag: "1"), book("c", at: Self.t1, tag: "1"), book("d", at: Self.t2, tag: "1"))
        let transport = StubTransport([
            try page([a, b], marker: "m1"),  // from the beginning
            try page([a, b], marker: "m1"),  // from t1: both delivered already, so the walk pages on
            try page([c, d]),                // m1
            try page([d]),                   // from t2: nothing new, no marker: done
        ])
        let walk = stubDatabase(transport, scope: .public).changes(ModelQuery<Book>().limit(2), since: ChangedSinceCursor())
        let result = try await names(of: walk)
        #expect(result.pages == [["a", "b"], ["c", "d"]])
        #expect(try await asked(transport) == ["0 -", "1700000000000 -", "1700000000000 m1", "1700000001000 -"])
        let cursor = try #require(result.cursor)
        #expect(cursor.modifiedAt == Self.t2)
        #expect(cursor.deliveredAtBoundary == [ChangedSinceCursor.Delivered(recordName: "d", changeTag: "1")])
    }

    @Test func aRecordSavedLaterInTheBoundaryMillisecondIsNotMissed() async throws {
        var cursor = ChangedSinceCursor()
        cursor.advance(past: book("d", at: Self.t2, tag: "1"))
        // e was saved in the same millisecond as d, after the last walk read d; d got a new version, also then.
        let transport = StubTransport([
            try page([book("d", at: Self.t2, tag: "1"), book("e", at: Self.t2, tag: "1"), book("d", at: Self.t2, tag: "2")]),
            try page([book("d", at: Self.t2, tag: "2"), book("e", at: Self.t2, tag: "1")]),
        ])
        let stored = try JSONDecoder().decode(ChangedSinceCursor.self, from: try JSONEncoder().encode(cursor))
        let result = try await names(of: stubDatabase(transport, scope: .public).changes(ModelQuery<Book>(), since: stored))
        #expect(result.pages == [["e", "d"]])
        #expect(try await asked(transport) == ["1700000001000 -", "1700000001000 -"])
    }

    @Test func aCursorEncodesToTheSameBytesWhateverTheOrderOfDelivery() throws {
        let records = ["c", "a", "b"].map { book($0, at: Self.t1, tag: "1") }
        var forward = ChangedSinceCursor(), backward = ChangedSinceCursor()
        for record in records { forward.advance(past: record) }
        for record in records.reversed() { backward.advance(past: record) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = try encoder.encode(forward)
        #expect(bytes == (try encoder.encode(backward)))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""recordName":"a"},{"changeTag":"1","recordName":"b"}"#))
        #expect(try JSONDecoder().decode(ChangedSinceCursor.self, from: bytes) == forward)
    }

    @Test func aFailedPageEndsTheWalkWithTheError() async throws {
        let transport = StubTransport([
            WebServicesHTTPResponse(status: 503, headers: [], body: Data(#"{"serverErrorCode":"TRY_AGAIN_LATER","retryAfter":3}"#.utf8)),
        ])
        var iterator = stubDatabase(transport, scope: .public).changes(ModelQuery<Book>(), since: ChangedSinceCursor()).makeAsyncIterator()
        await #expect(throws: TypedQueryError.cloud(.serviceUnavailable(retryAfter: 3))) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }
}
