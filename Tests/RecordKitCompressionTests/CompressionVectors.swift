import Foundation

/// The vectors in Vectors/, written by Scripts/make-compression-vectors.py with the reference encoder.
enum CompressionVectors {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors")

    static func stream(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name + ".bvx"))
    }

    static func raw(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name + ".raw"))
    }

    /// The same text as `lines_text` in the script, for the vectors whose decoded text is not committed.
    static func linesText(count: Int) -> Data {
        var text = ""
        for index in 0..<count {
            text += "line \(index): \(index * index % 9973)\n"
        }
        return Data(text.utf8)
    }

    /// A stream built by hand: the blocks given, then `bvx$`.
    static func handMade(_ blocks: [UInt8]...) -> Data {
        Data(blocks.joined() + Array("bvx$".utf8))
    }

    /// A `bvxn` block header.
    static func lzvnHeader(rawSize: UInt32, payloadSize: UInt32) -> [UInt8] {
        Array("bvxn".utf8) + littleEndian(rawSize) + littleEndian(payloadSize)
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// LZVN's end-of-stream opcode and its seven bytes of padding.
    static let lzvnEnd: [UInt8] = [0x06, 0, 0, 0, 0, 0, 0, 0]
}
