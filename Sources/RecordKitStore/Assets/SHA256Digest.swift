import Foundation

/// SHA-256 (FIPS 180-4), fed in pieces, so a file of any size is hashed while it is copied, never held whole.
///
/// The store names its asset files by this digest. It lives here because the store depends on Foundation and
/// GRDB only (swift-crypto is a dependency of the Web Services transport, not of the store).
struct SHA256Digest {
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes of an unfinished 64-byte block.
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0
    /// The message schedule, kept to avoid an allocation per block.
    private var schedule = [UInt32](repeating: 0, count: 64)

    init() {
        pending.reserveCapacity(64)
    }

    /// Feeds the next bytes of the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        byteCount &+= UInt64(bytes.count)
        var index = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            index = take
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - index) / 64 * 64
        if whole > 0 {
            compress(UnsafeRawBufferPointer(rebasing: bytes[index..<index + whole]))
            index += whole
        }
        pending.append(contentsOf: bytes[index...])
    }

    /// Feeds bytes held in an array (or any contiguous collection).
    mutating func update(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Pads the message and returns the 32-byte digest. The hasher is spent afterwards.
    mutating func finalize() -> [UInt8] {
        let bitCount = byteCount &* 8
        var tail: [UInt8] = [0x80]
        let used = (pending.count + 1) % 64
        tail += [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bitCount >> (56 - 8 * $0)) }
        let savedCount = byteCount
        tail.withUnsafeBytes { update($0) }
        byteCount = savedCount
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
    }

    /// The digest of `bytes` as 64 lower-case hex digits.
    static func hex(of bytes: some ContiguousBytes) -> String {
        var hasher = SHA256Digest()
        hasher.update(bytes)
        return hex(hasher.finalize())
    }

    /// 32 digest bytes as 64 lower-case hex digits.
    static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    // Pointers throughout: the store's debug builds (its tests) hash 300 MB files, and array accesses would
    // make that many times slower.
    /// Compresses every whole 64-byte block of `blocks`.
    private mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        schedule.withUnsafeMutableBufferPointer { schedule in
            Self.roundConstants.withUnsafeBufferPointer { constants in
                state.withUnsafeMutableBufferPointer { state in
                    var offset = 0
                    while blocks.count - offset >= 64 {
                        Self.compress(
                            UnsafeRawBufferPointer(rebasing: blocks[offset..<offset + 64]), schedule: schedule,
                            constants: constants, state: state)
                        offset += 64
                    }
                }
            }
        }
    }

    private static func compress(
        _ block: UnsafeRawBufferPointer, schedule w: UnsafeMutableBufferPointer<UInt32>,
        constants k: UnsafeBufferPointer<UInt32>, state: UnsafeMutableBufferPointer<UInt32>
    ) {
        guard let bytes = block.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let w = w.baseAddress, let k = k.baseAddress, let h = state.baseAddress
        else { return }
        for t in 0..<16 {
            let base = bytes + t &* 4
            w[t] = UInt32(base[0]) &<< 24 | UInt32(base[1]) &<< 16 | UInt32(base[2]) &<< 8 | UInt32(base[3])
        }
        for t in 16..<64 {
            let x = w[t &- 15], y = w[t &- 2]
            let s0 = (x &>> 7 | x &<< 25) ^ (x &>> 18 | x &<< 14) ^ (x &>> 3)
            let s1 = (y &>> 17 | y &<< 15) ^ (y &>> 19 | y &<< 13) ^ (y &>> 10)
            w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
        }
        var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
        for t in 0..<64 {
            let sum1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
            let choice = (e & f) ^ (~e & g)
            let temp1 = hh &+ sum1 &+ choice &+ k[t] &+ w[t]
            let sum0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            hh = g
            g = f
            f = e
            e = d &+ temp1
            d = c
            c = b
            b = a
            a = temp1 &+ sum0 &+ majority
        }
        h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d
        h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
    }

}
