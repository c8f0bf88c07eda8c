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
        var bytes = [UInt8](repeating: 0, count: 16)
        for shift in 0..<6 {
            bytes[shift] = UInt8(truncatingIfNeeded: milliseconds >> UInt64(40 - shift * 8))
        }
        let random = generator.next() as UInt64
        let more = generator.next() as UInt64
        for index in 6..<16 {
            let source = index < 14 ? random >> UInt64((index - 6) * 8) : more >> UInt64((index - 14) * 8)
            bytes[index] = UInt8(truncatingIfNeeded: source)
        }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    /// Whether `text` is a lowercase hyphenated UUID (any version), the form ids take on the wire.
    /// - Complexity: O(1): 36 bytes read once, nothing allocated.
    public static func isWellFormed(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 36 else { return false }
            for (index, byte) in bytes.enumerated() {
                switch index {
                case 8, 13, 18, 23: guard byte == UInt8(ascii: "-") else { return false }
                default:
                    guard (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) else { return false }
                }
            }
            return true
        }
    }
}
