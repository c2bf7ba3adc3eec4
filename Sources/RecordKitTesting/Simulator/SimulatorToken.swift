import Foundation
import RecordKit

/// The simulator's change tokens: a magic, the feed's kind, the incarnation of the feed (a new one after the
/// zone is recreated or its tokens expire) and the sequence number read up to.
struct SimulatorToken: Hashable {
    enum Kind: UInt8 { case zone = 1, database = 2 }

    var kind: Kind
    var epoch: UInt64
    var sequence: UInt64

    private static let magic: [UInt8] = Array("RKSM".utf8)

    var token: ServerChangeToken {
        var bytes = Self.magic
        bytes.append(kind.rawValue)
        for value in [epoch, sequence] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
        return ServerChangeToken(data: Data(bytes))
    }

    /// Reads a token; nil when the bytes are not a simulator token of this kind.
    init?(_ token: ServerChangeToken, kind: Kind) {
        let bytes = Array(token.data)
        guard bytes.count == 21, Array(bytes[0..<4]) == Self.magic, bytes[4] == kind.rawValue else { return nil }
        func read(_ start: Int) -> UInt64 { bytes[start..<start + 8].reduce(0) { $0 << 8 | UInt64($1) } }
        self.kind = kind
        epoch = read(5)
        sequence = read(13)
    }

    init(kind: Kind, epoch: UInt64, sequence: UInt64) {
        self.kind = kind
        self.epoch = epoch
        self.sequence = sequence
    }
}
