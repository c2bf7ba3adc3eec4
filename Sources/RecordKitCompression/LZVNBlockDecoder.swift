/// Decodes one LZVN (`bvxn`) payload: a byte-aligned sequence of opcodes, each a literal length L, a match
/// length M and a distance D (new, or the previous one), ending with the end-of-stream opcode 0x06 and seven zeros.
enum LZVNBlockDecoder {
    /// Decodes `input[payload]` into `output`, which must end exactly at its block end.
    static func decode(_ input: InputBytes, payload: Range<Int>, into output: inout OutputCursor) throws(BlockStreamError) {
        guard let inputBase = input.base.baseAddress else { throw BlockStreamError(.truncated, at: payload.lowerBound) }
        var position = payload.lowerBound
        let end = payload.upperBound
        var previousDistance = 0
        while true {
            guard position < end else { throw BlockStreamError(.badPayload("LZVN payload ends without its end opcode"), at: position) }
            let opcode = Int(input.base[position])
            let opcodeOffset = position
            var literal = 0
            var match = 0
            var distance = previousDistance
            var length = 1
            switch opcode {
            case 0x06:
                // End of stream: the opcode and seven bytes of padding close the payload.
                guard end - position == 8 else {
                    throw BlockStreamError(.badPayload("LZVN end opcode \(end - position - 8) bytes before the payload's end"), at: position)
                }
                guard output.remainingInBlock == 0 else {
                    throw BlockStreamError(.badPayload("LZVN block ends \(output.remainingInBlock) bytes short"), at: position)
                }
                return
            case 0x0e, 0x16:
                position += 1
                continue
            case 0x70...0x7f, 0xd0...0xdf:
                throw BlockStreamError(.badPayload("undefined LZVN opcode 0x\(String(opcode, radix: 16))"), at: position)
            case 0xa0...0xbf:
                // Medium distance: L in bits 3-4, M from 5 bits across the opcode and the next byte, 14-bit D.
                length = 3
                let word = Int(try input.uint16(at: position + 1))
                literal = (opcode >> 3) & 3
                match = ((opcode & 7) << 2 | word & 3) + 3
                distance = word >> 2
            case 0xe0:
                length = 2
                literal = Int(try input.uint16(at: position) >> 8) + 16
            case 0xe1...0xef:
                literal = opcode & 0xf
            case 0xf0:
                length = 2
                match = Int(try input.uint16(at: position) >> 8) + 16
            case 0xf1...0xff:
                match = opcode & 0xf
            default:
                literal = opcode >> 6
                match = ((opcode >> 3) & 7) + 3
                switch opcode & 7 {
                case 6:
                    // Previous distance (0x1e...0x3e are undefined; 0x06, 0x0e and 0x16 were handled above).
                    guard opcode >= 0x40 else {
                        throw BlockStreamError(.badPayload("undefined LZVN opcode 0x\(String(opcode, radix: 16))"), at: position)
                    }
                case 7:
                    length = 3
                    distance = Int(try input.uint16(at: position + 1))
                default:
                    length = 2
                    try input.require(2, at: position)
                    distance = (opcode & 7) << 8 | Int(input.base[position + 1])
                }
            }
            position += length
            guard literal <= end - position else {
                throw BlockStreamError(.badPayload("LZVN literal runs past the payload"), at: opcodeOffset)
            }
            try output.requireRoom(literal + match, at: opcodeOffset)
            output.copyLiteral(from: inputBase + position, count: literal)
            position += literal
            if match > 0 {
                try output.copyMatch(distance: distance, length: match, at: opcodeOffset)
                previousDistance = distance
            }
        }
    }
}
