/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of every archive and frame.
///
/// Computed slicing-by-16: sixteen 256-entry tables (16 KiB, fits the L1 cache) let the loop fold sixteen bytes
/// per step with independent table loads, several times faster than the byte-at-a-time table loop. The check value of "123456789" is 0xE3069283.
enum CRC32C {
    /// Sixteen tables of 256 entries, table k at `k * 256`.
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
        while remaining >= 16 {
            let low = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            // Only the first four bytes mix with the running CRC. The other twelve lookups do not wait for the
            // previous step, so they are summed first and the dependent chain stays four lookups long.
            let independent = table[7 &* 256 &+ Int(high & 0xFF)] ^ table[6 &* 256 &+ Int((high &>> 8) & 0xFF)]
                ^ table[5 &* 256 &+ Int((high &>> 16) & 0xFF)] ^ table[4 &* 256 &+ Int((high &>> 24) & 0xFF)]
                ^ table[3 &* 256 &+ Int((high &>> 32) & 0xFF)] ^ table[2 &* 256 &+ Int((high &>> 40) & 0xFF)]
                ^ table[1 &* 256 &+ Int((high &>> 48) & 0xFF)] ^ table[Int(high &>> 56)]
                ^ table[11 &* 256 &+ Int((low &>> 32) & 0xFF)] ^ table[10 &* 256 &+ Int((low &>> 40) & 0xFF)]
                ^ table[9 &* 256 &+ Int((low &>> 48) & 0xFF)] ^ table[8 &* 256 &+ Int(low &>> 56)]
            let mixed = UInt32(truncatingIfNeeded: low) ^ crc
            crc = independent
                ^ table[15 &* 256 &+ Int(mixed & 0xFF)] ^ table[14 &* 256 &+ Int((mixed &>> 8) & 0xFF)]
                ^ table[13 &* 256 &+ Int((mixed &>> 16) & 0xFF)] ^ table[12 &* 256 &+ Int(mixed &>> 24)]
            pointer += 16
            remaining &-= 16
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
        var tables = [UInt32](repeating: 0, count: 16 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc &>> 1) ^ 0x82F6_3B78 : crc &>> 1
            }
            tables[index] = crc
        }
        for slice in 1..<16 {
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
