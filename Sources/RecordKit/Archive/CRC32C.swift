/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of every archive and frame.
///
/// Computed slicing-by-8: eight 256-entry tables let the loop fold eight bytes per step, several times faster
/// than the byte-at-a-time table loop. The check value of "123456789" is 0xE3069283.
enum CRC32C {
    /// Eight tables of 256 entries, table k at `k * 256`.
    private static let tables: [UInt32] = makeTables()

    /// The CRC-32C of `bytes`, continuing from `crc` (the CRC of whatever came before; 0 to start).
    static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let start = bytes.baseAddress else { return crc }
        return tables.withUnsafeBufferPointer { table in
            update(~crc, start, bytes.count, table)
        }.flipped
    }

    private static func update(
        _ initial: UInt32, _ start: UnsafeRawPointer, _ count: Int, _ table: UnsafeBufferPointer<UInt32>
    ) -> UInt32 {
        var crc = initial
        var pointer = start
        var remaining = count
        while remaining >= 8 {
            let word = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)) ^ UInt64(crc)
            crc = table[7 &* 256 &+ Int(word & 0xFF)]
                ^ table[6 &* 256 &+ Int((word &>> 8) & 0xFF)]
                ^ table[5 &* 256 &+ Int((word &>> 16) & 0xFF)]
                ^ table[4 &* 256 &+ Int((word &>> 24) & 0xFF)]
                ^ table[3 &* 256 &+ Int((word &>> 32) & 0xFF)]
                ^ table[2 &* 256 &+ Int((word &>> 40) & 0xFF)]
                ^ table[1 &* 256 &+ Int((word &>> 48) & 0xFF)]
                ^ table[Int(word &>> 56)]
            pointer += 8
            remaining &-= 8
        }
        while remaining > 0 {
            let byte = pointer.load(as: UInt8.self)
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc &>> 8)
            pointer += 1
            remaining &-= 1
        }
        return crc
    }

    private static func makeTables() -> [UInt32] {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc &>> 1) ^ 0x82F6_3B78 : crc &>> 1
            }
            tables[index] = crc
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous &>> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }
}

private extension UInt32 {
    var flipped: UInt32 { ~self }
}
