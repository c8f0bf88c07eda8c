/// The one grammar of item ids (P-12): a lowercase hyphenated UUID, `8-4-4-4-12` hex digits, as its 128 bits.
///
/// `ItemID.isWellFormed` and the engine's id keys and sort tie-breaks all read ids through it, so the instance and
/// the copy can never disagree on what an id is.
package enum UUIDBits {
    /// The bits of `text`, first digit most significant, or nil when it is not a lowercase hyphenated UUID.
    /// - Complexity: O(1): 36 bytes read once, eight digits at a time, nothing allocated.
    package static func parse(_ text: String) -> (high: UInt64, low: UInt64)? {
        var text = text
        return text.withUTF8(parse)
    }

    /// The bits of 36 bytes of `8-4-4-4-12` lowercase hex digits, or nil for any other bytes.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (high: UInt64, low: UInt64)? {
        guard bytes.count == 36, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let dash = UInt8(ascii: "-")
        guard base[8] == dash, base[13] == dash, base[18] == dash, base[23] == dash else { return nil }
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func half(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        guard let first = digits(word(0)), let second = digits(half(9) | half(14) << 32),
            let third = digits(half(19) | half(24) << 32), let fourth = digits(word(28))
        else { return nil }
        return (first << 32 | second, third << 32 | fourth)
    }

    /// The lowercase hyphenated text of 128 bits, first digit most significant.
    package static func text(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            fill(buffer, high: high, low: low)
            return 36
        }
    }

    /// Calls `body` with the text of 128 bits (`text(high:low:)`) as UTF-8 bytes on the stack, allocating nothing.
    package static func withText<Result>(
        high: UInt64, low: UInt64, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
            fill(buffer, high: high, low: low)
            return try body(UnsafeBufferPointer(buffer))
        }
    }

    /// Writes the 36 bytes of the text of 128 bits at the start of `buffer`.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, high: UInt64, low: UInt64) {
        var position = 0
        for (index, shift) in stride(from: 124, through: 0, by: -4).enumerated() {
            if index == 8 || index == 12 || index == 16 || index == 20 {
                buffer[position] = UInt8(ascii: "-")
                position += 1
            }
            let bits = shift >= 64 ? high >> UInt64(shift - 64) : low >> UInt64(shift)
            buffer[position] = hexDigits[Int(bits & 0xF)]
            position += 1
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The 32-bit value of eight lowercase hex digits held in a word, first digit in the lowest byte; nil when a
    /// byte is not `0`–`9` or `a`–`f`.
    @inline(__always)
    private static func digits(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // With every byte below 0x80, adding (0x80 - low) sets a byte's high bit when it is at least `low`, and
        // adding (0x7F - high) sets it when it is above `high`; no byte carries into the next.
        guard word & highBits == 0 else { return nil }
        let isDigit = (word &+ (0x80 - 0x30) &* ones) & ~(word &+ (0x7F - 0x39) &* ones)
        let isLetter = (word &+ (0x80 - 0x61) &* ones) & ~(word &+ (0x7F - 0x66) &* ones)
        guard (isDigit | isLetter) & highBits == highBits else { return nil }
        // A digit's value is its low nibble; a letter's (bit 6 set) is its low nibble plus 9.
        var value = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word >> 6) & ones) &* 9
        // First digit most significant: swap the bytes, then fold nibbles into bytes, bytes into halves, halves
        // into the 32-bit result.
        value = value.byteSwapped
        value = (value | value >> 4) & 0x00FF_00FF_00FF_00FF
        value = (value | value >> 8) & 0x0000_FFFF_0000_FFFF
        return (value | value >> 16) & 0xFFFF_FFFF
    }
}
