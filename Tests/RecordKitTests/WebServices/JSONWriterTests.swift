import Foundation
import Testing
@_spi(RecordKitTools) import RecordKit

/// The package's one JSON writer: compact for Web Services bodies, indented for what recordgen prints.
@Suite struct JSONWriterTests {
    /// `{"a": [1, {}], "b": "x\n", "c": [], "d": null}` through either mode.
    func document(_ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.element()
        writer.int64(1)
        writer.element()
        writer.beginObject()
        writer.endObject()
        writer.endArray()
        writer.key("b")
        writer.string("x\n\u{1}")
        writer.key("c")
        writer.beginArray()
        writer.endArray()
        writer.key("d")
        writer.null()
        writer.endObject()
    }

    @Test func compactHasNoWhitespace() {
        var writer = JSONWriter()
        document(&writer)
        #expect(writer.text == #"{"a":[1,{}],"b":"x\n\u0001","c":[],"d":null}"#)
    }

    @Test func indentedPutsEachMemberOnItsLine() throws {
        var writer = JSONWriter(indentation: 2)
        document(&writer)
        #expect(writer.text == """
        {
          "a": [
            1,
            {}
          ],
          "b": "x\\n\\u0001",
          "c": [],
          "d": null
        }
        """)
        // Both modes write the same value.
        var plain = JSONWriter()
        document(&plain)
        let parsed = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? NSDictionary
        #expect(parsed == (try JSONSerialization.jsonObject(with: Data(plain.bytes)) as? NSDictionary))
    }

    @Test func hexIsLowerCaseTwoDigitsAByte() {
        #expect(Hex.string([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(Hex.byte(0x7) == "07")
        #expect(ServerChangeToken(data: Data([0xde, 0xad])).description == "ServerChangeToken(2 bytes: dead)")
    }
}
