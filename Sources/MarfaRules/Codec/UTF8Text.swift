/// Strings built from stored UTF-8 with one validation pass of our own: eight ASCII bytes a step, each multi-byte
/// scalar checked as the Unicode standard's table of well-formed sequences says (no overlong forms, no surrogates,
/// nothing past U+10FFFF), then the string built without the standard library's second, byte-by-byte pass
/// (`UTF8Span(unchecked:)`, Decision 0047). Text that is not well formed is repaired as `String(decoding:as:)`
/// repairs it.
package enum UTF8Text {
    /// The string `utf8` holds, each ill-formed sequence replaced by U+FFFD as `String(decoding:as:)` does.
    package static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        guard let isASCII = scan(utf8) else { return String(decoding: utf8, as: UTF8.self) }
        return String(copying: unsafe UTF8Span(unchecked: utf8.span, isKnownASCII: isASCII))
    }

    /// Whether `utf8` is well-formed UTF-8 and all ASCII: nil when it is not well formed, else whether every byte
    /// is below 0x80.
    package static func scan(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let base = utf8.baseAddress else { return true }
        let count = utf8.count
        var at = 0
        var isASCII = true
        while at < count {
            while at + 8 <= count,
                UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                at += 8
            }
            guard at < count else { break }
            let lead = base[at]
            if lead < 0x80 {
                at += 1
                continue
            }
            isASCII = false
            guard let length = scalarLength(base, at: at, count: count, lead: lead) else { return nil }
            at += length
        }
        return isASCII
    }

    /// The length of the well-formed multi-byte scalar starting with `lead` at `at`, or nil.
    @inline(__always)
    private static func scalarLength(_ base: UnsafePointer<UInt8>, at: Int, count: Int, lead: UInt8) -> Int? {
        let length = lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0
        guard length > 0, at + length <= count else { return nil }
        // The second byte's range depends on the lead (Unicode 15, table 3-7); the others are 80...BF.
        let second = base[at + 1]
        let low: UInt8 = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80
        let high: UInt8 = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF
        guard second >= low, second <= high else { return nil }
        for index in 2..<length where base[at + index] & 0xC0 != 0x80 { return nil }
        return length
    }
}
