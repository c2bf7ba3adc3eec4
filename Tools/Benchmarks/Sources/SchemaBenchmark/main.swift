// Validating a folder of 1,000 record types x 20 fields: `recordgen validate` must answer in under a second.
// Side by side: RecordKit's full load (libxml2 parse + XSD + semantic rules) against Foundation's XMLParser
// merely parsing the same files (no validation at all), and the time to refuse hostile files.
//
// Run: swift run -c release --package-path Tools/Benchmarks SchemaBenchmark
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RecordSchema

let recordTypes = 1_000
let fieldsPerType = 20
let runs = 5

/// One record type with 20 fields of mixed kinds and options.
func recordXML(_ index: Int, typesInFile: Range<Int>) -> String {
    let kinds = ["string", "int64", "double", "timestamp", "bytes", "asset", "location"]
    var lines = ["  <record type=\"Type\(index)\" version=\"2\" zone=\"main\" versionField=\"version\">",
                 "    <doc>Record type number \(index).</doc>"]
    for field in 0..<(fieldsPerType - 4) {
        let kind = kinds[field % kinds.count]
        var attributes = "name=\"field\(field)\" kind=\"\(kind)\""
        if kind == "string" { attributes += " queryable=\"true\" searchable=\"true\"" }
        if kind == "int64" { attributes += " sortable=\"true\" default=\"\(field)\"" }
        if field % 5 == 4 { attributes += " optional=\"true\"" }
        lines.append("    <field \(attributes)/>")
    }
    let target = typesInFile.lowerBound + (index + 1 - typesInFile.lowerBound) % typesInFile.count
    lines.append("    <field name=\"modified\" kind=\"timestamp\" sortable=\"true\"/>")
    lines.append("    <field name=\"related\" kind=\"reference\" to=\"Type\(target)\" action=\"deleteSelf\" optional=\"true\"/>")
    lines.append("    <field name=\"tags\" kind=\"list\" of=\"string\" since=\"2\"/>")
    lines.append("    <field name=\"priority\" kind=\"int64\" enum=\"Priority\" since=\"2\" default=\"normal\"/>")
    lines.append("    <retired name=\"old\" kind=\"string\" in=\"2\"/>")
    lines.append("    <merge strategy=\"lastWriterWins\" clock=\"modified\" lists=\"union\"/>")
    lines.append("  </record>")
    return lines.joined(separator: "\n")
}

func schemaFile(name: String, types: Range<Int>) -> String {
    var text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <schema xmlns="urn:recordkit:schema:1" name="\(name)">
      <zone name="main" database="private"/>
      <enum name="Priority" kind="int64"><case name="low" value="0"/><case name="normal" value="1"/></enum>

    """
    text += types.map { recordXML($0, typesInFile: types) }.joined(separator: "\n")
    text += "\n</schema>\n"
    return text
}

/// Writes the 1,000 types into `fileCount` files under a new temporary folder.
func makeFolder(fileCount: Int) throws -> (path: String, bytes: Int) {
    let folder = NSTemporaryDirectory() + "schema-benchmark-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let perFile = recordTypes / fileCount
    var bytes = 0
    for file in 0..<fileCount {
        let text = schemaFile(name: "Bench\(file)", types: (file * perFile)..<((file + 1) * perFile))
        bytes += text.utf8.count
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/Bench\(file).records.xml"))
    }
    return (folder, bytes)
}

/// The best of `runs` timings, in seconds.
func best(_ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

func milliseconds(_ seconds: Double) -> String { String(format: "%8.1f ms", seconds * 1000) }

var failed = false
print("SchemaBenchmark: \(recordTypes) record types x \(fieldsPerType) fields, best of \(runs) runs")
print("")
for fileCount in [10, 1_000] {
    let (folder, bytes) = try makeFolder(fileCount: fileCount)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    var check = SchemaLoader.load(paths: [folder])
    guard !check.hasErrors, check.schemas.flatMap(\.records).count == recordTypes else {
        print("FAIL: the generated folder does not validate: \(check.diagnostics.prefix(3).map(\.description))")
        exit(1)
    }
    let load = best { check = SchemaLoader.load(paths: [folder]) }

    // The alternative: Foundation's XMLParser only parsing the same files, checking nothing.
    let files = check.files
    let parseOnly = best {
        for file in files {
            guard let parser = XMLParser(contentsOf: URL(fileURLWithPath: file)) else { continue }
            _ = parser.parse()
        }
    }

    let verdict = load < 1.0 ? "PASS" : "FAIL"
    if load >= 1.0 { failed = true }
    print("\(fileCount) files, \(bytes / 1024) KiB:")
    print("  SchemaLoader.load (parse + XSD + rules)  \(milliseconds(load))   \(verdict) (limit 1000 ms)")
    print("  XMLParser.parse only (no validation)     \(milliseconds(parseOnly))   load / parse-only = \(String(format: "%.2f", load / parseOnly))x")
    print("")
}

// Hostile files: each refused with a diagnostic; the time to refuse it.
print("Hostile files (refusal time, best of \(runs)):")
var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE schema [<!ENTITY lol \"lol\">"
var previous = "lol"
for level in 1...9 {
    laughs += "<!ENTITY lol\(level) \"\(String(repeating: "&\(previous);", count: 10))\">"
    previous = "lol\(level)"
}
laughs += "]>\n<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"><doc>&lol9;</doc></schema>"
let hostile: [(String, Data)] = [
    ("billion laughs", Data(laughs.utf8)),
    ("external entity to /etc/passwd", Data("<!DOCTYPE schema [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><schema xmlns=\"urn:recordkit:schema:1\" name=\"&x;\"/>".utf8)),
    ("DTD on the network", Data("<!DOCTYPE schema SYSTEM \"http://127.0.0.1:9/x.dtd\"><schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"/>".utf8)),
    ("100,000 nested elements", Data(("<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\">" + String(repeating: "<doc>", count: 100_000)).utf8)),
    ("50 MB file", Data(repeating: UInt8(ascii: " "), count: 50 << 20)),
]
for (name, data) in hostile {
    var codes: [String] = []
    let time = best { codes = SchemaLoader.load(data: data, path: "Hostile.records.xml").diagnostics.map(\.code) }
    let verdict = time < 0.1 && !codes.isEmpty ? "PASS" : "FAIL"
    if verdict == "FAIL" { failed = true }
    print("  \(name.padding(toLength: 32, withPad: " ", startingAt: 0)) \(milliseconds(time))   \(codes.joined(separator: ",").padding(toLength: 6, withPad: " ", startingAt: 0)) \(verdict) (limit 100 ms)")
}
print("")
print(failed ? "SchemaBenchmark: FAIL" : "SchemaBenchmark: PASS")
