import Foundation
import Testing
@testable import RecordKitCompression

/// Streams the reference encoder wrote (lzfse 0.4.2.post1 from PyPI), decoded to the bytes it was given.
@Suite struct BlockStreamVectorTests {
    @Test(arguments: ["raw-tiny", "lzvn-prose", "lzvn-runs", "mixed-blocks"])
    func decodesToTheCommittedBytes(name: String) throws {
        let decoded = try BlockStream.decode(try CompressionVectors.stream(name))
        #expect(decoded == (try CompressionVectors.raw(name)))
    }

    @Test(arguments: [("lzfse-lines400", 400), ("lzfse1-lines400", 400), ("lzfse-lines12000", 12000)])
    func decodesLZFSEToTheGeneratedText(name: String, lines: Int) throws {
        let decoded = try BlockStream.decode(try CompressionVectors.stream(name))
        #expect(decoded == CompressionVectors.linesText(count: lines))
    }

    @Test func theVectorsCoverEveryBlockKind() throws {
        let magics = try ["raw-tiny", "lzvn-prose", "lzfse-lines400", "lzfse1-lines400"].map {
            String(decoding: try CompressionVectors.stream($0).prefix(4), as: UTF8.self)
        }
        #expect(magics == ["bvx-", "bvxn", "bvx2", "bvx1"])
        let bytes = try CompressionVectors.stream("lzfse-lines12000")
        let blocks = try bytes.withUnsafeBytes { raw in try BlockStream.plan(InputBytes(base: raw), options: .init()) }
        #expect(blocks.count == 3, "the long text spans several LZFSE blocks")
    }

    @Test func anLZVNMatchRepeatsItsPatternWhenItOverlapsItself() throws {
        // "ab" as a literal (0xe2), then a small-distance match: L 0, M 3 + 3 = 6... from distance 2.
        let payload: [UInt8] = [0xe2, 0x61, 0x62, 0x18, 0x02] + CompressionVectors.lzvnEnd
        let stream = CompressionVectors.handMade(CompressionVectors.lzvnHeader(rawSize: 8, payloadSize: UInt32(payload.count)) + payload)
        #expect(try BlockStream.decode(stream) == Data("abababab".utf8))
    }

    @Test func bytesAfterTheEndOfStreamAreIgnored() throws {
        var stream = try CompressionVectors.stream("lzvn-prose")
        stream.append(contentsOf: [1, 2, 3])
        #expect(try BlockStream.decode(stream) == (try CompressionVectors.raw("lzvn-prose")))
    }
}
