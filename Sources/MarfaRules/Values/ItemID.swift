import Foundation

/// Lowercase UUIDv7 identifiers, time-ordered, as Marfa mints ids for items, edges and queued writes.
public enum ItemID {
    /// A new lowercase UUIDv7 for the current time.
    public static func make(at date: Date = Date()) -> String {
        var generator = SystemRandomNumberGenerator()
        return make(milliseconds: UInt64(max(0, date.timeIntervalSince1970 * 1000)), using: &generator)
    }

    /// A lowercase UUIDv7 from a millisecond time and a random source (seeded sources give repeatable ids).
    public static func make(milliseconds: UInt64, using generator: inout some RandomNumberGenerator) -> String {
        let random = generator.next() as UInt64
        let more = generator.next() as UInt64
        // Bytes 0–5: the time, big-endian. Bytes 6–13: `random`, lowest byte first; bytes 14–15: `more`'s two
        // lowest. Then the version nibble 7 over byte 6's high half and the variant bits 10 over byte 8's top.
        let high = (milliseconds & 0xFFFF_FFFF_FFFF) << 16 | (0x70 | random & 0x0F) << 8 | (random >> 8) & 0xFF
        var low = 0x80 | (random >> 16) & 0x3F
        for shift: UInt64 in stride(from: 24, through: 56, by: 8) { low = low << 8 | (random >> shift) & 0xFF }
        low = low << 16 | (more & 0xFF) << 8 | (more >> 8) & 0xFF
        return UUIDBits.text(high: high, low: low)
    }

    /// Whether `text` is a lowercase hyphenated UUID (any version), the form ids take on the wire.
    /// - Complexity: O(1): 36 bytes read once, nothing allocated.
    public static func isWellFormed(_ text: String) -> Bool {
        UUIDBits.parse(text) != nil
    }
}
