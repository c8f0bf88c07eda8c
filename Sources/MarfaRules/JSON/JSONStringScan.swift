/// Where a JSON string's plain run ends: the first byte that the reader must look at and the writer must escape.
enum JSONStringScan {
    /// The offset of the first quote, backslash or control byte at or after `start`, or `bytes.count`; eight bytes
    /// are tested at a time.
    static func firstSpecialByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var at = start
        while at + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            if found & highs != 0 { break }
            at += 8
        }
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return at }
            at += 1
        }
        return at
    }

    /// Whether every byte of `bytes` is ASCII, so that they are valid UTF-8 with no further check; eight bytes are
    /// tested at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let highs: UInt64 = 0x8080_8080_8080_8080
        var at = 0
        var seen: UInt64 = 0
        while at + 8 <= bytes.count {
            seen |= UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
            at += 8
        }
        while at < bytes.count {
            seen |= UInt64(bytes[at])
            at += 1
        }
        return seen & highs == 0
    }
}
