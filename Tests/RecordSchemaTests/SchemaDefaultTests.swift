import Foundation
import Testing
@testable import RecordSchema

@Suite struct SchemaDefaultTests {
    private let here = SourceLocation(file: "T.records.xml", line: 1)

    private func field(_ type: SchemaFieldType, as representation: Field.SwiftRepresentation? = nil) -> Field {
        Field(name: "f", type: type, representation: representation, location: here)
    }

    @Test func parsesEveryKindThatTakesADefault() throws {
        #expect(try SchemaDefault.parse("hi", for: field(.scalar(.string))) == .string("hi"))
        #expect(try SchemaDefault.parse("-12", for: field(.scalar(.int64))) == .int64(-12))
        #expect(try SchemaDefault.parse("7", for: field(.scalar(.int64), as: .int)) == .int64(7))
        #expect(try SchemaDefault.parse("true", for: field(.scalar(.int64), as: .bool)) == .bool(true))
        #expect(try SchemaDefault.parse("false", for: field(.scalar(.int64), as: .bool)) == .bool(false))
        #expect(try SchemaDefault.parse("2.5", for: field(.scalar(.double))) == .double(2.5))
        #expect(try SchemaDefault.parse("AAEC", for: field(.scalar(.bytes))) == .bytes(Data([0, 1, 2])))
        #expect(try SchemaDefault.parse("2001-01-01T00:00:00Z", for: field(.scalar(.timestamp))) == .timestamp(Date(timeIntervalSinceReferenceDate: 0)))
        #expect(try SchemaDefault.parse("2001-01-01T00:00:00.500Z", for: field(.scalar(.timestamp))) == .timestamp(Date(timeIntervalSinceReferenceDate: 0.5)))
        let uuid = "123E4567-E89B-12D3-A456-426614174000"
        #expect(try SchemaDefault.parse(uuid, for: field(.scalar(.string), as: .uuid)) == .string(uuid))
        #expect(try SchemaDefault.parse("https://example.com", for: field(.scalar(.string), as: .url)) == .string("https://example.com"))
        let priority = EnumType(name: "P", kind: .int64, cases: [EnumCase(name: "low", value: "0", location: here)], location: here)
        #expect(try SchemaDefault.parse("low", for: field(.scalar(.int64)), enumType: priority) == .enumCase("low"))
    }

    @Test func refusesWhatDoesNotParse() {
        let cases: [(String, Field)] = [
            ("x", field(.scalar(.int64))), ("1.5", field(.scalar(.int64))), ("yes", field(.scalar(.int64), as: .bool)),
            ("nan", field(.scalar(.double))), ("inf", field(.scalar(.double))), ("soon", field(.scalar(.timestamp))),
            ("2024-05-01", field(.scalar(.timestamp))), ("!!", field(.scalar(.bytes))),
            ("not-a-uuid", field(.scalar(.string), as: .uuid)), ("no scheme", field(.scalar(.string), as: .url)),
        ]
        for (text, field) in cases {
            #expect(throws: SchemaDefault.ParseError.self, "\(text)") { try SchemaDefault.parse(text, for: field) }
        }
    }

    @Test func kindsWithoutDefaultsAreNotAllowed() {
        for type in [SchemaFieldType.scalar(.asset), .scalar(.reference), .scalar(.location), .list(of: .string)] {
            #expect(throws: SchemaDefault.ParseError.notAllowed(type)) { try SchemaDefault.parse("x", for: field(type)) }
        }
    }
}
