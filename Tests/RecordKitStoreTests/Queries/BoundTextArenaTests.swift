import Foundation
@testable import RecordKitStore
import Testing

/// The arena the projection's inserts bind their texts from: every copy handed out since the last rewind keeps its
/// bytes while later copies fill the arena past a chunk, or need a chunk of their own.
@Suite struct BoundTextArenaTests {
    /// The text a copy points to.
    private static func text(_ pointer: UnsafePointer<CChar>, count: Int) -> String {
        pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    private static func copy(_ text: String, into arena: BoundTextArena) -> (UnsafePointer<CChar>, Int) {
        var text = text
        return text.withUTF8 { (arena.copy($0), $0.count) }
    }

    @Test func copiesKeepTheirBytesAcrossChunksUntilTheArenaIsRewound() {
        let arena = BoundTextArena()
        // About 3 chunks of 16 KB in texts of 1 to 3 KB, then one text larger than a chunk, and an empty one.
        var texts = (0..<24).map { index in String(repeating: String(UnicodeScalar(UInt8(65 + index))), count: 1_000 + index * 90) }
        texts.append(String(repeating: "é", count: 20_000))
        texts.append("")
        for round in 0..<2 {
            let copies = texts.map { Self.copy($0, into: arena) }
            for (text, (pointer, count)) in zip(texts, copies) {
                #expect(Self.text(pointer, count: count) == text, "round \(round)")
            }
            arena.rewind()
        }
    }
}
