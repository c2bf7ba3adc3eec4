import Foundation
import GRDB
import GRDBSQLite
@testable import RecordKitStore
import Testing

/// A local save's update compares the new column values with the stored row where SQLite holds it: a value is
/// unchanged only when it is the stored one, of the same storage class, or its column is written again.
@Suite struct ChangedColumnSinkTests {
    /// Runs `body` with a sink stepped on the row `_rowid 7, 1, 2.5, 'café', '', NULL, x'0102', 'title'`, whose
    /// last column is the only full-text column.
    private func withStoredRow(_ body: (inout ChangedColumnSink) -> Void) throws -> ChangedColumnSink {
        try DatabaseQueue().read { db in
            let statement = try db.makeStatement(sql: "SELECT 7, 1, 2.5, 'café', '', NULL, x'0102', 'title'")
            #expect(sqlite3_step(statement.sqliteStatement) == SQLITE_ROW)
            var sink = ChangedColumnSink(stepped: statement.sqliteStatement, count: 7, fullTextPositions: [6])
            body(&sink)
            sink.finish()
            return sink
        }
    }

    @Test func theSameValuesOfTheSameClassChangeNothing() throws {
        let sink = try withStoredRow { sink in
            sink.append(1.databaseValue)
            sink.appendDouble(2.5)
            var text = "café"
            text.withUTF8 { sink.appendText($0) }
            sink.append("".databaseValue)
            sink.append(.null)
            sink.append(Data([1, 2]).databaseValue)
            sink.append("title".databaseValue)
        }
        #expect(sink.changed.isEmpty)
        #expect(sink.fullText == nil)
    }

    @Test func anotherValueOrStorageClassIsAChange() throws {
        let sink = try withStoredRow { sink in
            sink.append(Double(1).databaseValue)  // REAL where INTEGER is stored
            sink.append(Double(2.5).databaseValue)
            sink.append("cafe".databaseValue)
            sink.append(.null)  // NULL where an empty text is stored
            sink.append("".databaseValue)  // an empty text where NULL is stored
            sink.append(Data([1, 3]).databaseValue)
            sink.append("title".databaseValue)
        }
        #expect(sink.changed.map(\.position) == [0, 2, 3, 4, 5])
        #expect(sink.changed.map(\.value) == [Double(1).databaseValue, "cafe".databaseValue, .null, "".databaseValue, Data([1, 3]).databaseValue])
        #expect(sink.fullText == nil, "the full-text column did not change")
    }

    @Test func aChangedFullTextColumnReadsThemAllAndMissingValuesAreNull() throws {
        let sink = try withStoredRow { sink in
            sink.append(1.databaseValue)
            sink.append("dropped".databaseValue)
            // Rewound: the value appended at position 1 is dropped with its change.
            sink.rewind(to: 1)
            sink.appendDouble(2.5)
            // The rest missing: NULLs, so the stored texts change and the blob does too.
        }
        #expect(sink.changed.map(\.position) == [2, 3, 5, 6])
        #expect(sink.changed.allSatisfy { $0.value == .null })
        #expect(sink.fullText == [.null])
    }

    @Test func valuesPastTheLastColumnAreLeftOut() throws {
        let sink = try withStoredRow { sink in
            for value: DatabaseValue in [1.databaseValue, Double(2.5).databaseValue, "café".databaseValue, "".databaseValue, .null,
                                         Data([1, 2]).databaseValue, "title".databaseValue, "extra".databaseValue] {
                sink.append(value)
            }
        }
        #expect(sink.changed.isEmpty)
        #expect(sink.position == 8)
    }
}
