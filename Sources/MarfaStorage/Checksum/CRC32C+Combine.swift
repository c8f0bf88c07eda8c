extension CRC32C {
    /// Answers the CRC-32C of `a + b` from the checksums of `a` and of `b` (`lengthOfB` bytes) alone, so two threads
    /// can checksum the two halves of a payload (zlib's `crc32_combine`, with the Castagnoli polynomial).
    /// - Complexity: O(log `lengthOfB`).
    package static func combine(_ first: UInt32, _ second: UInt32, lengthOfB: Int) -> UInt32 {
        var product: UInt32 = 1 << 31  // x^0
        var power = 3  // x^(8 × n) = x^(n × 2^3)
        var remaining = lengthOfB
        while remaining > 0 {
            if remaining & 1 == 1 { product = multiply(powersOfX[power], product) }
            remaining >>= 1
            power += 1
        }
        return multiply(product, first) ^ second
    }

    /// `a × b` modulo the polynomial, both reflected.
    private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var mask: UInt32 = 1 << 31
        var b = b
        var product: UInt32 = 0
        while mask != 0 {
            if a & mask != 0 { product ^= b }
            mask >>= 1
            b = b & 1 == 1 ? (b >> 1) ^ 0x82F6_3B78 : b >> 1
        }
        return product
    }

    /// `x^(2^k)` modulo the polynomial for every k a length can reach (3 + 63 bits), each squared from the one
    /// before. zlib wraps its table at 32 (`k & 31`), which holds for its polynomial but not for this one
    /// (x^(2^32) is not x^1 here), and wrapping broke every combine over 512 MiB.
    private static let powersOfX: [UInt32] = {
        var powers: [UInt32] = [1 << 30]  // x^1
        for _ in 1..<(3 + Int.bitWidth) {
            powers.append(multiply(powers[powers.count - 1], powers[powers.count - 1]))
        }
        return powers
    }()
}
