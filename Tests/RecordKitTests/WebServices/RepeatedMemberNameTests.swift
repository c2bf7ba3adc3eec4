import Foundation
import Testing
@testable import RecordKit

/// An object that names one member twice is refused anywhere in a body, with `.duplicateKey` and the JSON path
/// of the second occurrence (issue 18: a repeated field key made one record hold a key as encrypted and plain).
@Suite struct RepeatedMemberNameTests {
    static func refusal(_ json: String) -> WebServicesError? {
        do {
            _ = try WebServicesJSON.contents(of: Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    static func expectDuplicate(_ json: String, key: String, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = refusal(json) else {
            Issue.record("decoded: \(json)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.reason == .duplicateKey(key), "\(error)", sourceLocation: sourceLocation)
        #expect(error.pathDescription == path, "\(error)", sourceLocation: sourceLocation)
        // The offset is the second occurrence's opening quote.
        let bytes = Array(json.utf8)
        let quoted = Array("\"\(key)\"".utf8)
        #expect(error.offset < bytes.count && Array(bytes[error.offset..<min(bytes.count, error.offset + quoted.count)]) == quoted
                || key.utf8.contains(UInt8(ascii: "\\")), "\(error)", sourceLocation: sourceLocation)
    }

    static func record(fields: String, extra: String = "") -> String {
        #"{"records":[{"recordName":"n","recordType":"T","fields":{"# + fields + "}" + extra + "}]}"
    }

    @Test func issueMinimalFormIsRefusedAtTheField() {
        Self.expectDuplicate(#"{"records":[{"recordName":"n","recordType":"T","fields":{"a":{"type":"ENCRYPTED_BYTES","value":"c2ho"},"a":{"type":"STRING","value":"x"}}}]}"#,
                             key: "a", path: "records[0].fields.a")
        // Either order, and with the same type twice.
        Self.expectDuplicate(Self.record(fields: #""a":{"type":"STRING","value":"x"},"a":{"type":"ENCRYPTED_BYTES","value":"c2ho"}"#),
                             key: "a", path: "records[0].fields.a")
        Self.expectDuplicate(Self.record(fields: #""b":{"value":1},"a":{"value":1},"b":{"value":2}"#),
                             key: "b", path: "records[0].fields.b")
    }

    @Test func repeatedNamesAreRefusedAtEveryDepth() {
        Self.expectDuplicate(#"{"records":[],"records":[]}"#, key: "records", path: "records")
        Self.expectDuplicate(#"{"records":[{"recordName":"n","recordName":"m","recordType":"T","fields":{}}]}"#,
                             key: "recordName", path: "records[0].recordName")
        Self.expectDuplicate(Self.record(fields: #""a":{"type":"STRING","type":"STRING","value":"x"}"#),
                             key: "type", path: "records[0].fields.a.type")
        Self.expectDuplicate(Self.record(fields: #""a":{"value":"x","value":"y"}"#),
                             key: "value", path: "records[0].fields.a.value")
        Self.expectDuplicate(Self.record(fields: "", extra: #","zoneID":{"zoneName":"z","zoneName":"y"}"#),
                             key: "zoneName", path: "records[0].zoneID.zoneName")
        Self.expectDuplicate(Self.record(fields: #""r":{"type":"REFERENCE","value":{"recordName":"x","action":"NONE","action":"NONE"}}"#),
                             key: "action", path: "records[0].fields.r.value.action")
        // Inside values a decoder skips: unknown members, nested objects and arrays.
        Self.expectDuplicate(Self.record(fields: "", extra: #","pluginFields":{"x":[1,{"q":1,"q":2}]}"#),
                             key: "q", path: "records[0].pluginFields.x[1].q")
        Self.expectDuplicate(#"{"records":[],"unknown":{"k":{},"k":{}}}"#, key: "k", path: "unknown.k")
    }

    @Test func escapedSpellingsOfOneNameAreTheSameName() {
        guard let error = Self.refusal(Self.record(fields: #""a":{"value":1},"\u0061":{"value":2}"#)) else {
            Issue.record("decoded")
            return
        }
        #expect(error.reason == .duplicateKey("a"))
        #expect(error.pathDescription == "records[0].fields.a")
    }

    /// JSON names are compared as bytes, like field keys: names equal only as Unicode text are both kept.
    @Test func namesEqualOnlyAsUnicodeTextAreDistinct() throws {
        let body = Self.record(fields: #""\u00e9":{"value":1},"e\u0301":{"value":2}"#)
        let record = try WebServicesJSON.decodeRecord(Data(#"{"recordName":"n","recordType":"T","fields":{"\u00e9":{"value":1},"e\u0301":{"value":2}}}"#.utf8))
        #expect(record.fields.count == 2)
        #expect(Self.refusal(body) == nil)
    }

    /// The same name in sibling or nested objects is fine; only one object's own names must be unique.
    @Test func sameNameInDifferentObjectsIsAccepted() throws {
        let body = Self.record(fields: #""a":{"type":"REFERENCE","value":{"recordName":"a","zoneID":{"zoneName":"a"}}},"b":{"value":"a"}"#,
                               extra: #","zoneID":{"zoneName":"z"}"#)
        #expect(Self.refusal(body) == nil)
        let two = #"{"records":[{"recordName":"n","recordType":"T","fields":{"a":{"value":1}}},{"recordName":"m","recordType":"T","fields":{"a":{"value":1}}}]}"#
        #expect(Self.refusal(two) == nil)
    }

    /// Past the linear-scan threshold an object's names go in a hashed set: repeats are still found, in any place.
    @Test func largeObjectsStillRefuseRepeats() throws {
        let count = JSONMemberNames.hashingThreshold * 4
        let names = (0..<count).map { "f\($0)" }
        let unique = names.map { #""\#($0)":{"value":1}"# }.joined(separator: ",")
        let decoded = try WebServicesJSON.decodeRecord(Data(#"{"recordName":"n","recordType":"T","fields":{\#(unique)}}"#.utf8))
        #expect(decoded.fields.count == count)
        for repeated in [names[0], names[JSONMemberNames.hashingThreshold - 1], names[JSONMemberNames.hashingThreshold], names[count - 1]] {
            Self.expectDuplicate(Self.record(fields: unique + #","\#(repeated)":{"value":2}"#), key: repeated, path: "records[0].fields.\(repeated)")
        }
    }

    /// Escaped names are remembered per object and forgotten with it, through the hashed form too.
    @Test func escapedNamesAcrossObjectsAndTheHashedForm() throws {
        #expect(Self.refusal(#"{"records":[],"u":{"\u0061":{"\u0062":1},"b":{"\u0062":1,"c":2},"\u0063":3}}"#) == nil)
        Self.expectDuplicate(#"{"records":[],"u":{"x":{"\u0062":1,"b":2}}}"#, key: "b", path: "u.x.b")
        let count = JSONMemberNames.hashingThreshold * 2
        let members = (0..<count).map { #""\u0066\#($0)":1"# }.joined(separator: ",")
        #expect(Self.refusal(#"{"records":[],"u":{\#(members)}}"#) == nil)
        guard let error = Self.refusal(#"{"records":[],"u":{\#(members),"f3":2}}"#) else {
            Issue.record("a repeat of an escaped name in a large object decoded")
            return
        }
        #expect(error.reason == .duplicateKey("f3") && error.pathDescription == "u.f3")
    }

    /// Deep nesting and many names grow the name stack; a repeat at the bottom is still found, with its path.
    @Test func deepNestingAndManyNames() throws {
        let depth = 60
        var body = ""
        for level in 0..<depth { body += #"{"a\#(level)":1,"b":2,"o":"# }
        let inner = #"{"k":1,"k":2}"#
        body += inner + String(repeating: "}", count: depth)
        let json = #"{"records":[],"u":\#(body)}"#
        Self.expectDuplicate(json, key: "k", path: "u" + String(repeating: ".o", count: depth) + ".k")
        let fine = #"{"records":[],"u":\#(body.replacingOccurrences(of: inner, with: #"{"k":1,"b":2}"#))}"#
        #expect(Self.refusal(fine) == nil)
    }

    /// The fuzzer's findings of issue 18 and the issue's minimal form (Tools/Fuzz/Regressions/FuzzWebServicesJSON,
    /// every file named `repeated-*`) are refused as repeated names; the corpus test runs them through the fuzz check too.
    @Test func fuzzFindingsAreRefused() throws {
        let folder = RecordKitFuzzCorpusTests.fuzzFolder.appendingPathComponent("Regressions/FuzzWebServicesJSON")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("repeated-") }.sorted()
        #expect(files.count >= 3)
        let expectedPaths = [
            "repeated-fields-member-4594f0c7.json": "records[1].fields",
            "repeated-field-key-encrypted-then-plain.json": "records[0].fields.a",
            "repeated-field-key-d4699467.json": "records[1].fields",
        ]
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            do {
                let contents = try WebServicesJSON.contents(of: data)
                Issue.record("\(file) decoded: \(contents)")
            } catch {
                guard case .duplicateKey = error.reason else {
                    Issue.record("\(file): \(error)")
                    continue
                }
                if let path = expectedPaths[file] { #expect(error.pathDescription == path, "\(file): \(error)") }
            }
        }
    }
}
