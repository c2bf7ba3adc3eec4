import Foundation
import Testing

/// Schemas/README.md lists the values of every enumerated attribute: exactly the values RecordSchema.xsd (the file
/// the validator embeds, see the embedding test) enumerates, type by type, so neither can drift.
@Suite struct SchemaReadmeTests {
    static let schemas = TestPaths.repositoryRoot + "/Schemas"

    /// `simpleType name -> enumeration values`, in the XSD's order.
    static func xsdEnumerations() throws -> [String: [String]] {
        let xsd = try String(contentsOfFile: schemas + "/RecordSchema.xsd", encoding: .utf8)
        var result: [String: [String]] = [:]
        var current: String?
        for line in xsd.split(separator: "\n") {
            if let name = Self.attribute("name", in: line, after: "<xs:simpleType") { current = name }
            if line.contains("</xs:simpleType>") { current = nil }
            if let current, let value = Self.attribute("value", in: line, after: "<xs:enumeration") {
                result[current, default: []].append(value)
            }
        }
        return result
    }

    /// `XSD type -> values` from the README's "Enumerated attributes" table.
    static func readmeEnumerations() throws -> [String: [String]] {
        let readme = try String(contentsOfFile: schemas + "/README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Enumerated attributes").dropFirst().first)
        var result: [String: [String]] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, let open = cells[0].range(of: "(`"), let close = cells[0].range(of: "`)") else { continue }
            let type = String(cells[0][open.upperBound..<close.lowerBound])
            result[type] = Self.codeSpans(cells[1])
        }
        return result
    }

    @Test func theReadmeListsExactlyTheValuesOfEveryEnumeratedAttribute() throws {
        let xsd = try Self.xsdEnumerations()
        let readme = try Self.readmeEnumerations()
        #expect(xsd["ReferenceAction"] == ["none", "deleteSelf", "validate"], "the XSD was read")
        #expect(Set(readme.keys) == Set(xsd.keys), "one README row per enumerated XSD type")
        for (type, values) in xsd {
            #expect(readme[type] == values, "README row for \(type)")
        }
    }

    private static func attribute(_ name: String, in line: Substring, after element: String) -> String? {
        guard let start = line.range(of: element),
              let open = line.range(of: "\(name)=\"", range: start.upperBound..<line.endIndex),
              let close = line.range(of: "\"", range: open.upperBound..<line.endIndex)
        else { return nil }
        return String(line[open.upperBound..<close.lowerBound])
    }

    private static func codeSpans(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
