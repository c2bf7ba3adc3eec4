import Foundation

/// Apple's compression block streams, as `COMPRESSION_LZFSE` writes them and Core Data stores its CloudKit records:
/// a sequence of blocks, each starting with a four-byte magic (`bvx2`, `bvx1`, `bvxn`, `bvx-`), ending with `bvx$`.
///
/// The decoder is written from the published format, in Swift, and runs the same on every platform. Damaged input
/// gets a ``BlockStreamError`` with its byte offset; the declared sizes are checked against
/// ``BlockStreamDecodingOptions`` before anything is allocated.
public enum BlockStream {
    /// Decodes a whole stream, from its first block to `bvx$` (bytes after it are ignored, as Apple's decoder does).
    public static func decode(
        _ data: Data, options: BlockStreamDecodingOptions = BlockStreamDecodingOptions()
    ) throws(BlockStreamError) -> Data {
        let result: Result<Data, BlockStreamError> = data.withUnsafeBytes { raw in
            Result { () throws(BlockStreamError) -> Data in try decode(InputBytes(base: raw), options: options) }
        }
        return try result.get()
    }

    /// The number of bytes the stream's blocks declare they decode to, from their headers alone (the payloads are
    /// not decoded, but the headers, the frequency tables and the size limit are checked as ``decode(_:options:)``
    /// checks them).
    public static func declaredSize(
        of data: Data, options: BlockStreamDecodingOptions = BlockStreamDecodingOptions()
    ) throws(BlockStreamError) -> Int {
        let result: Result<Int, BlockStreamError> = data.withUnsafeBytes { raw in
            Result { () throws(BlockStreamError) -> Int in
                try plan(InputBytes(base: raw), options: options).reduce(0) { $0 + $1.rawSize }
            }
        }
        return try result.get()
    }

    /// The blocks of a stream, in order, with their headers checked: the first pass, which sizes the output.
    static func plan(_ input: InputBytes, options: BlockStreamDecodingOptions) throws(BlockStreamError) -> [PlannedBlock] {
        var blocks: [PlannedBlock] = []
        var offset = 0
        var declared: UInt64 = 0
        while true {
            guard offset + 4 <= input.count else {
                throw BlockStreamError(offset == input.count ? .missingEndOfStream : .truncated, at: offset)
            }
            let magic = try input.uint32(at: offset)
            let block: PlannedBlock
            switch magic {
            case BlockMagic.endOfStream:
                return blocks
            case BlockMagic.uncompressed:
                let rawSize = Int(try input.uint32(at: offset + 4))
                try account(rawSize, declared: &declared, options: options, at: offset + 4)
                try input.require(rawSize, at: offset + 8)
                block = PlannedBlock(offset: offset, kind: .uncompressed, rawSize: rawSize, payload: (offset + 8)..<(offset + 8 + rawSize))
            case BlockMagic.lzvn:
                let rawSize = Int(try input.uint32(at: offset + 4))
                let payloadSize = Int(try input.uint32(at: offset + 8))
                try account(rawSize, declared: &declared, options: options, at: offset + 4)
                try input.require(payloadSize, at: offset + 12)
                block = PlannedBlock(offset: offset, kind: .lzvn, rawSize: rawSize, payload: (offset + 12)..<(offset + 12 + payloadSize))
            case BlockMagic.lzfseV1, BlockMagic.lzfseV2:
                let header = magic == BlockMagic.lzfseV1
                    ? try LZFSEBlockHeader.readV1(input, at: offset) : try LZFSEBlockHeader.readV2(input, at: offset)
                try account(header.rawSize, declared: &declared, options: options, at: offset + 4)
                let start = offset + header.headerSize
                let payloadSize = header.literalPayloadSize + header.lmdPayloadSize
                try input.require(payloadSize, at: start)
                block = PlannedBlock(
                    offset: offset, kind: .lzfse(version1: magic == BlockMagic.lzfseV1), rawSize: header.rawSize,
                    payload: start..<(start + payloadSize))
            default:
                throw BlockStreamError(.badMagic(magic), at: offset)
            }
            blocks.append(block)
            offset = block.payload.upperBound
        }
    }

    /// Adds a block's raw size to the total and refuses a total over the limit, before its payload is looked at.
    private static func account(
        _ rawSize: Int, declared: inout UInt64, options: BlockStreamDecodingOptions, at offset: Int
    ) throws(BlockStreamError) {
        declared += UInt64(rawSize)
        guard declared <= UInt64(max(options.maximumDecodedSize, 0)) else {
            throw BlockStreamError(.decodedSizeLimitExceeded(declared: declared, limit: options.maximumDecodedSize), at: offset)
        }
    }

    private static func decode(_ input: InputBytes, options: BlockStreamDecodingOptions) throws(BlockStreamError) -> Data {
        let blocks = try plan(input, options: options)
        let total = blocks.reduce(0) { $0 + $1.rawSize }
        var output = Data(count: total)
        let failure = output.withUnsafeMutableBytes { buffer -> BlockStreamError? in
            var cursor = OutputCursor(buffer)
            do throws(BlockStreamError) {
                for block in blocks {
                    cursor.blockEnd = cursor.produced + block.rawSize
                    try decode(block, input: input, into: &cursor)
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        return output
    }

    private static func decode(_ block: PlannedBlock, input: InputBytes, into cursor: inout OutputCursor) throws(BlockStreamError) {
        switch block.kind {
        case .uncompressed:
            guard let base = input.base.baseAddress else { return }
            cursor.copyLiteral(from: base + block.payload.lowerBound, count: block.rawSize)
        case .lzvn:
            try LZVNBlockDecoder.decode(input, payload: block.payload, into: &cursor)
        case .lzfse(let version1):
            // Read again rather than kept from the first pass: a plan of many small blocks then stays small.
            let header = version1
                ? try LZFSEBlockHeader.readV1(input, at: block.offset) : try LZFSEBlockHeader.readV2(input, at: block.offset)
            try LZFSEBlockDecoder.decode(input, header: header, headerOffset: block.offset, into: &cursor)
        }
    }
}

/// One block found by the first pass: where it starts, what it is, how many bytes it decodes to, its payload.
struct PlannedBlock {
    enum Kind {
        case uncompressed
        case lzvn
        /// `bvx1` or `bvx2`; the header is read again when the block is decoded.
        case lzfse(version1: Bool)
    }

    let offset: Int
    let kind: Kind
    let rawSize: Int
    let payload: Range<Int>
}
