import Foundation
import Testing
@testable import RecordSchema

/// Files from untrusted pull requests: each is refused with a diagnostic, and nothing else is read.
@Suite struct HostileFileTests {
    /// A file whose content must never show up anywhere.
    private static func secretFile() throws -> (path: String, secret: String) {
        let secret = "SECRET-\(UUID().uuidString)"
        let path = NSTemporaryDirectory() + "recordkit-secret-\(UUID().uuidString).txt"
        try Data(secret.utf8).write(to: URL(fileURLWithPath: path))
        return (path, secret)
    }

    private func read(_ xml: String) -> SchemaLoadResult {
        SchemaLoader.load(data: Data(xml.utf8), path: "Hostile.records.xml")
    }

    @Test func billionLaughsIsRefused() {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE schema [\n  <!ENTITY lol \"lol\">\n"
        var previous = "lol"
        for level in 1...9 {
            xml += "  <!ENTITY lol\(level) \"\(String(repeating: "&\(previous);", count: 10))\">\n"
            previous = "lol\(level)"
        }
        xml += "]>\n<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"><doc>&lol9;</doc></schema>\n"
        let result = read(xml)
        #expect(result.schemas.isEmpty)
        #expect(result.diagnostics.map(\.code) == ["RK004"])
        #expect(result.diagnostics.first?.location?.line == 2)
        #expect(!result.diagnostics.contains { $0.message.contains("lollol") })
    }

    @Test func externalEntityToALocalFileIsRefusedAndNotRead() throws {
        let (path, secret) = try Self.secretFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE schema [<!ENTITY xxe SYSTEM "file://\(path)">]>
        <schema xmlns="urn:recordkit:schema:1" name="&xxe;"><doc>&xxe;</doc></schema>
        """
        let result = read(xml)
        #expect(result.schemas.isEmpty)
        #expect(result.diagnostics.map(\.code) == ["RK004"])
        #expect(!result.diagnostics.contains { $0.message.contains(secret) })
    }

    @Test func externalEntityToEtcPasswdIsRefused() {
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE schema [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
        <schema xmlns="urn:recordkit:schema:1" name="S"><doc>&xxe;</doc></schema>
        """
        let result = read(xml)
        #expect(result.diagnostics.map(\.code) == ["RK004"])
        #expect(!result.diagnostics.contains { $0.message.contains("root:") })
    }

    @Test func dtdOnTheNetworkIsRefused() {
        // A loopback address: even if something tried to fetch it, no traffic would leave the machine.
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE schema SYSTEM "http://127.0.0.1:9/recordkit.dtd">
        <schema xmlns="urn:recordkit:schema:1" name="S"/>
        """
        let result = read(xml)
        #expect(result.schemas.isEmpty)
        #expect(result.diagnostics.map(\.code) == ["RK004"])
    }

    @Test func parameterEntityToALocalFileIsRefused() throws {
        let (path, secret) = try Self.secretFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let xml = """
        <!DOCTYPE schema [<!ENTITY % p SYSTEM "file://\(path)"> %p;]>
        <schema xmlns="urn:recordkit:schema:1" name="S"/>
        """
        let result = read(xml)
        #expect(result.diagnostics.map(\.code) == ["RK004"])
        #expect(!result.diagnostics.contains { $0.message.contains(secret) })
    }

    @Test func xincludeIsNeverProcessed() throws {
        let (path, secret) = try Self.secretFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let xml = """
        <schema xmlns="urn:recordkit:schema:1" xmlns:xi="http://www.w3.org/2001/XInclude" name="S">
          <doc><xi:include href="file://\(path)" parse="text"/></doc>
        </schema>
        """
        let result = read(xml)
        #expect(result.schemas.isEmpty)
        #expect(result.diagnostics.map(\.code) == ["RK006"])
        #expect(result.diagnostics.first?.location?.line == 2)
        #expect(!result.diagnostics.contains { $0.message.contains(secret) })
    }

    @Test func hundredThousandNestedElementsAreRefused() {
        let xml = "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\">\n"
            + String(repeating: "<doc>", count: 100_000) + String(repeating: "</doc>", count: 100_000) + "</schema>\n"
        let result = read(xml)
        #expect(result.schemas.isEmpty)
        #expect(result.diagnostics.map(\.code) == ["RK005"])
        #expect(result.diagnostics.first?.location?.line == 2)
    }

    @Test func fiftyMegabyteFileIsRefusedBeforeParsing() throws {
        let path = NSTemporaryDirectory() + "recordkit-huge-\(UUID().uuidString).records.xml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var data = Data("<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"><doc>".utf8)
        data.append(Data(repeating: UInt8(ascii: "a"), count: 50 << 20))
        data.append(Data("</doc></schema>".utf8))
        try data.write(to: URL(fileURLWithPath: path))

        let fromFile = SchemaLoader.load(paths: [path])
        #expect(fromFile.schemas.isEmpty)
        #expect(fromFile.diagnostics.map(\.code) == ["RK002"])
        #expect(fromFile.diagnostics.first?.location?.file == path)

        let fromData = SchemaLoader.load(data: data, path: "Huge.records.xml")
        #expect(fromData.diagnostics.map(\.code) == ["RK002"])
    }

    @Test func hostileFilesAreRefusedConcurrently() async {
        let doctype = "<!DOCTYPE schema [<!ENTITY a \"b\">]><schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"/>"
        let good = "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"><record type=\"A\"/></schema>"
        let codes = await withTaskGroup(of: [String].self) { group in
            for index in 0..<32 {
                let xml = index.isMultiple(of: 2) ? doctype : good
                group.addTask { SchemaLoader.load(data: Data(xml.utf8), path: "F\(index).records.xml").diagnostics.map(\.code) }
            }
            var all: [[String]] = []
            for await codes in group { all.append(codes) }
            return all
        }
        #expect(codes.filter { $0 == ["RK004"] }.count == 16)
        #expect(codes.filter(\.isEmpty).count == 16)
    }
}
