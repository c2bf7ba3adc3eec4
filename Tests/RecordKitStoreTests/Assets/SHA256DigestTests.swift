import Foundation
import Testing

@testable import RecordKitStore

/// The store's SHA-256, which names asset files, against the NIST (FIPS 180-2 appendix B, and the SHA
/// validation system's) vectors, fed whole and in pieces that cross block boundaries.
@Suite struct SHA256DigestTests {
    static let vectors: [(message: String, digest: String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
    ]

    @Test(arguments: 0..<vectors.count)
    func nistVector(_ index: Int) {
        let vector = Self.vectors[index]
        #expect(SHA256Digest.hex(of: Array(vector.message.utf8)) == vector.digest)
    }

    /// Messages of 55, 56, 63, 64 and 65 bytes: the padding's edge cases (one or two final blocks).
    @Test func paddingBoundaries() {
        let expected: [Int: String] = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
        ]
        for (count, digest) in expected {
            #expect(SHA256Digest.hex(of: [UInt8](repeating: 0x61, count: count)) == digest, "\(count) bytes of 'a'")
        }
    }

    /// One million 'a' (the NIST long message), fed in uneven pieces, so that pieces end inside blocks, on block
    /// boundaries and span several blocks.
    @Test func millionAsInPieces() {
        let message = [UInt8](repeating: 0x61, count: 1_000_000)
        var hasher = SHA256Digest()
        var offset = 0
        let sizes = [1, 63, 64, 65, 127, 128, 129, 1000, 4096, 65_537]
        var turn = 0
        while offset < message.count {
            let size = min(sizes[turn % sizes.count], message.count - offset)
            message[offset..<offset + size].withUnsafeBytes { hasher.update($0) }
            offset += size
            turn += 1
        }
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(SHA256Digest.hex(hasher.finalize()) == expected)
        #expect(SHA256Digest.hex(of: message) == expected)
    }
}
