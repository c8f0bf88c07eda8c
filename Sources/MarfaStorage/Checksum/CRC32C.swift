import CChecksum

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78): the CPU's crc32 instruction where it has one, in three
/// lanes side by side for long inputs (which matters for 300 MB snapshots), else table-driven with slicing-by-8.
///
/// Checksums chain: `checksum(b, continuing: checksum(a))` equals `checksum(a + b)`.
package enum CRC32C {
    /// Whether checksums use the crc32 instruction.
    package static let usesHardware = marfa_crc32c_hardware_available() != 0

    /// Answers the CRC-32C of `bytes`, continuing from the finished checksum of the bytes before them.
    /// - Complexity: O(n), eight bytes per step.
    package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing previous: UInt32 = 0) -> UInt32 {
        guard usesHardware, let base = bytes.baseAddress else {
            return tableChecksum(bytes, continuing: previous)
        }
        let start = base.assumingMemoryBound(to: UInt8.self)
        return laneShift.withUnsafeBufferPointer { shift in
            ~marfa_crc32c_hardware_3way(~previous, start, bytes.count, shift.baseAddress)
        }
    }

    /// The hardware path's lane joint: four 256-entry tables, table k mapping byte k of a raw register to that
    /// register moved over one lane of zero bytes (the move is linear, so it is built from the 32 one-bit registers).
    private static let laneShift: [UInt32] = {
        let zeros = [UInt8](repeating: 0, count: Int(MARFA_CRC32C_LANE_BYTES))
        let bits = (0..<32).map { bit in
            zeros.withUnsafeBufferPointer { marfa_crc32c_hardware(1 << bit, $0.baseAddress, $0.count) }
        }
        return (0..<4 * 256).map { entry in
            let register = UInt32(entry & 0xFF) << (8 * (entry >> 8))
            return (0..<32).reduce(0) { register & (1 << $1) != 0 ? $0 ^ bits[$1] : $0 }
        }
    }()

    /// The table-driven checksum: the fallback, and the reference the hardware path is tested against.
    package static func tableChecksum(_ bytes: UnsafeRawBufferPointer, continuing previous: UInt32 = 0) -> UInt32 {
        var crc = ~previous
        var index = 0
        let count = bytes.count
        table.withUnsafeBufferPointer { t in
            while count - index >= 8 {
                let low = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                crc =
                    t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = t[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return ~crc
    }

    /// Answers the CRC-32C of `bytes`, continuing from the finished checksum of the bytes before them.
    package static func checksum(_ bytes: some Collection<UInt8>, continuing previous: UInt32 = 0) -> UInt32 {
        let direct = bytes.withContiguousStorageIfAvailable {
            checksum(UnsafeRawBufferPointer($0), continuing: previous)
        }
        if let direct { return direct }
        return Array(bytes).withUnsafeBytes { checksum($0, continuing: previous) }
    }

    /// Eight 256-entry tables laid end to end: table k maps a byte to its CRC contribution k bytes further on.
    private static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
            }
            table[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return table
    }()
}
