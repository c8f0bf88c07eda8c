import MarfaRules

/// Lowercase UUIDv7 ids from a millisecond time and the dataset's random stream, formatted without `String(format:)`.
enum BenchID {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A UUIDv7 whose time field is `milliseconds`; the same seed gives the same id.
    static func uuidV7(milliseconds: Int64, random: inout SplitMixRandom) -> String {
        var raw = [UInt8](repeating: 0, count: 16)
        let time = UInt64(max(0, milliseconds))
        for index in 0..<6 { raw[index] = UInt8(truncatingIfNeeded: time >> UInt64(40 - index * 8)) }
        let low = random.next()
        let high = random.next()
        for index in 6..<16 {
            let source = index < 14 ? low >> UInt64((index - 6) * 8) : high >> UInt64((index - 14) * 8)
            raw[index] = UInt8(truncatingIfNeeded: source)
        }
        raw[6] = 0x70 | (raw[6] & 0x0F)
        raw[8] = 0x80 | (raw[8] & 0x3F)
        var text = [UInt8]()
        text.reserveCapacity(36)
        for (index, byte) in raw.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
