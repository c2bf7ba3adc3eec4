import Foundation
import Testing
@testable import RecordKit

/// The byte scanner under the decoders: strings, numbers, structure, limits.
@Suite struct JSONScannerTests {
    func scan<T>(_ json: String, _ body: (inout JSONScanner) throws(WebServicesError) -> T) throws(WebServicesError) -> T {
        try WebServicesJSON.scan(Data(json.utf8), body)
    }

    func scan<T>(bytes: [UInt8], _ body: (inout JSONScanner) throws(WebServicesError) -> T) throws(WebServicesError) -> T {
        try WebServicesJSON.scan(Data(bytes), body)
    }

    func string(_ json: String) throws(WebServicesError) -> String {
        try scan(json) { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
    }

    @Test func escapesAreDecoded() throws {
        #expect(try string(#""a\"b\\c\/d\b\f\n\r\t""#) == "a\"b\\c/d\u{08}\u{0C}\n\r\t")
        #expect(try string(#""caf\u00e9 \u00E9""#) == "café é")
        #expect(try string(#""\ud83d\ude00 smile""#) == "😀 smile")
        #expect(try string("\"raw é 😀 中\"") == "raw é 😀 中")
        #expect(try string(#""""#) == "")
    }

    @Test(arguments: [
        #""\ud83d""#, #""\ud83d\u0041""#, #""\ude00""#, #""\x41""#, #""\u12""#, #""\u12G4""#,
    ])
    func badEscapesAreRefused(json: String) {
        #expect {
            try string(json)
        } throws: { error in
            guard let error = error as? WebServicesError, case .invalidString = error.reason else { return false }
            return error.offset >= 1
        }
    }

    @Test(arguments: [
        [0x22, 0xC3, 0x28, 0x22],             // a lead byte without its continuation
        [0x22, 0xC0, 0xAF, 0x22],             // an overlong "/"
        [0x22, 0xED, 0xA0, 0x80, 0x22],       // an encoded surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
        [0x22, 0x41, 0x0A, 0x22],             // a raw newline
        [0x22, 0x5C, 0x6E, 0xFF, 0x22],       // invalid UTF-8 beside an escape
    ] as [[UInt8]])
    func invalidStringBytesAreRefused(bytes: [UInt8]) {
        #expect(throws: WebServicesError.self) {
            try scan(bytes: bytes) { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
        }
    }

    @Test func integersAreExact() throws {
        let read = { (json: String) throws(WebServicesError) -> Int64 in
            try scan(json) { (s: inout JSONScanner) throws(WebServicesError) in try s.readInt64() }
        }
        #expect(try read("9223372036854775807") == .max)
        #expect(try read("-9223372036854775808") == .min)
        #expect(try read("-0") == 0)
        #expect(try read("  1609034460447 ") == 1_609_034_460_447)
        for bad in ["9223372036854775808", "-9223372036854775809", "12345678901234567890123", "1.0", "1e3", "01", "-", "1.", "+1", "0x10"] {
            #expect(throws: WebServicesError.self, "\(bad)") { try read(bad) }
        }
    }

    @Test func doublesAreCorrectlyRounded() throws {
        let read = { (json: String) throws(WebServicesError) -> Double in
            try scan(json) { (s: inout JSONScanner) throws(WebServicesError) in try s.readDouble() }
        }
        #expect(try read("1.234") == 1.234)
        #expect(try read("0.1") == 0.1)
        #expect(try read("1.5e3") == 1500)
        #expect(try read("2E-3") == 0.002)
        #expect(try read("-0.0").sign == .minus)
        #expect(try read("123456789012345678901234567890") == 123456789012345678901234567890.0)
        #expect(try read("4.9406564584124654e-324") == .leastNonzeroMagnitude)
        #expect(try read("1.7976931348623157e308") == .greatestFiniteMagnitude)
        #expect(throws: WebServicesError.self) { try read("1e400") }
        #expect(throws: WebServicesError.self) { try read("1e") }
        #expect(throws: WebServicesError.self) { try read("\"1\"") }
    }

    /// Property: Swift's shortest text for a double reads back to the same bits.
    @Test func randomDoublesRoundTrip() throws {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let parsed = try scan(value.description) { (s: inout JSONScanner) throws(WebServicesError) in try s.readDouble() }
            #expect(parsed.bitPattern == value.bitPattern, "\(value)")
        }
    }

    @Test func depthIsLimited() throws {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        // Skipped values name where they went wrong too: the 257th array is element 0 of each of the 256 around it.
        let path = [WebServicesError.PathComponent](repeating: .index(0), count: 256)
        #expect(throws: WebServicesError(.tooDeep(limit: 256), path: path, offset: 256, line: 1, column: 257)) {
            try scan(deep) { (s: inout JSONScanner) throws(WebServicesError) in try s.skipValue() }
        }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        try scan(fine) { (s: inout JSONScanner) throws(WebServicesError) in try s.skipValue() }
    }

    @Test func structureErrorsSayWhere() {
        let cases: [(String, WebServicesError.Reason, Int)] = [
            ("{} x", .trailingData, 3),
            ("{\"a\":", .unexpectedEnd, 5),
            ("{\"a\" 1}", .syntax(expected: "':' after a member name", found: "'1'"), 5),
            ("{\"a\":1,}", .syntax(expected: "a member name in quotes", found: "'}'"), 7),
            ("[1 2]", .syntax(expected: "',' or ']'", found: "'2'"), 3),
            ("{'a':1}", .syntax(expected: "a member name in quotes", found: "'''"), 1),
            ("[tru]", .syntax(expected: "true or false", found: "'t'"), 1),
            ("[nul]", .syntax(expected: "null", found: "'n'"), 1),
        ]
        for (json, reason, offset) in cases {
            #expect {
                try scan(json) { (s: inout JSONScanner) throws(WebServicesError) in try s.skipValue() }
            } throws: { error in
                guard let error = error as? WebServicesError else { return false }
                return error.reason == reason && error.offset == offset
            }
        }
    }

    @Test func lineAndColumnCountFromOne() {
        #expect {
            try scan("{\n  \"a\": 1,\n  \"b\" 2\n}") { (s: inout JSONScanner) throws(WebServicesError) in try s.skipValue() }
        } throws: { error in
            guard let error = error as? WebServicesError else { return false }
            return error.line == 3 && error.column == 7 && error.description.hasPrefix("3:7 (byte 18) at $")
        }
    }

    @Test func base64IsDecodedFromBytes() throws {
        let read = { (json: String) throws(WebServicesError) -> Data in
            try scan(json) { (s: inout JSONScanner) throws(WebServicesError) in try s.readBase64() }
        }
        #expect(try read(#""AAECAwQ=""#) == Data([0, 1, 2, 3, 4]))
        #expect(try read(#""AAECAwQ""#) == Data([0, 1, 2, 3, 4]))
        #expect(try read(#""Sm\/MiHJn""#) == Data(base64Encoded: "Sm/MiHJn"))
        #expect(try read(#""""#) == Data())
        for bad in [#""A""#, #""AA=A""#, #""AA*A""#, #""AAA==""#] {
            #expect(throws: WebServicesError.self, "\(bad)") { try read(bad) }
        }
        var generator = SplitMix(seed: 7)
        for length in 0..<64 {
            let bytes = Data((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            #expect(try read("\"\(bytes.base64EncodedString())\"") == bytes)
        }
    }
}

/// A small deterministic generator for property tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
