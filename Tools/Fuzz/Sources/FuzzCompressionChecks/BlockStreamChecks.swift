import Foundation
import RecordKitCompression

/// The checks of `FuzzBlockStream`: LZFSE/LZVN block streams from any bytes.
public enum BlockStreamFuzzChecks {
    /// Options small enough that a header cannot make the fuzzer allocate much, large enough for every seed.
    static let options = BlockStreamDecodingOptions(maximumDecodedSize: 1 << 20)

    /// The input as a stream: a decode gives either bytes, exactly as many as the blocks declare, the same on a
    /// second decode, or a typed error at an offset inside the input. The same bytes wrapped in a raw block
    /// (`bvx-`) decode to themselves.
    public static func blockStream(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let outcome: FuzzOutcome
        do {
            let decoded = try BlockStream.decode(data, options: options)
            let declared = try BlockStream.declaredSize(of: data, options: options)
            try require(decoded.count == declared, "decoded \(decoded.count) bytes, the blocks declare \(declared)")
            try require((try? BlockStream.decode(data, options: options)) == decoded, "a second decode differs")
            outcome = .decoded
        } catch let failure as FuzzInvariantFailure {
            throw failure
        } catch let error as BlockStreamError {
            try require((0...data.count).contains(error.offset), "error offset \(error.offset) outside 0...\(data.count): \(error)")
            outcome = .rejected(error.description)
        } catch {
            throw FuzzInvariantFailure("an error that is not a BlockStreamError: \(error)")
        }
        var raw = Data("bvx-".utf8)
        withUnsafeBytes(of: UInt32(data.count).littleEndian) { raw.append(contentsOf: $0) }
        raw.append(data)
        raw.append(contentsOf: Array("bvx$".utf8))
        let wrapped: Data
        do {
            wrapped = try BlockStream.decode(raw, options: BlockStreamDecodingOptions(maximumDecodedSize: data.count))
        } catch {
            throw FuzzInvariantFailure("a raw block of the input does not decode: \(error)")
        }
        try require(wrapped == data, "a raw block does not decode to its bytes")
        return outcome
    }
}
