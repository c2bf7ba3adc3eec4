import Foundation
import RecordKit

/// Native archives carry Fletcher-64 checksums, so nearly every mutation the fuzzer makes is refused before the
/// payload decoder runs. The native checks run each input twice: as it is, and "sealed", with every checksum
/// recomputed, so mutations reach the decoders behind the checksum.
enum NativeChecksums {
    static let headerSize = 6
    static let checksumSize = 8

    /// Runs `body` on `data` and, when sealing changes it, on the sealed copy; decoded when either decoded.
    static func eachForm(
        _ data: Data, sealed: (Data) -> Data, _ body: (Data) throws(FuzzInvariantFailure) -> FuzzOutcome
    ) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let raw = try body(data)
        let fixed = sealed(data)
        guard fixed != data else { return raw }
        let again = try body(fixed)
        return raw == .decoded ? raw : again
    }

    /// A single-value archive (`header payload checksum`) with its checksum recomputed.
    static func sealSingleValue(_ data: Data) -> Data {
        guard data.count >= headerSize + checksumSize else { return data }
        let covered = data.prefix(data.count - checksumSize)
        return covered + littleEndian(NativeArchive.checksum(Data(covered)))
    }

    /// A record list (`header frame* trailer`) with the checksum of every frame and of the trailer recomputed,
    /// as far as its lengths can be read.
    static func sealRecordList(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var sealed = bytes
        var position = headerSize
        while position < bytes.count {
            let start = position
            guard let (length, afterLength) = varint(bytes, at: position) else { break }
            var end: Int
            if length == 0 {
                guard let (_, afterCount) = varint(bytes, at: afterLength) else { break }
                end = afterCount
            } else {
                guard length <= UInt64(bytes.count - afterLength) else { break }
                end = afterLength + Int(length)
            }
            guard end + checksumSize <= bytes.count else { break }
            let checksum = littleEndian(NativeArchive.checksum(Data(bytes[start..<end])))
            sealed.replaceSubrange(end..<(end + checksumSize), with: checksum)
            position = end + checksumSize
            if length == 0 { break }
        }
        return Data(sealed)
    }

    private static func varint(_ bytes: [UInt8], at start: Int) -> (UInt64, Int)? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var position = start
        while position < bytes.count, shift < 64 {
            let byte = bytes[position]
            value |= UInt64(byte & 0x7F) << shift
            position += 1
            if byte & 0x80 == 0 { return (value, position) }
            shift += 7
        }
        return nil
    }

    private static func littleEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
