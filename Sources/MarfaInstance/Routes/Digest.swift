/// A 128-bit FNV-1a digest as 32 hex digits: the fingerprint of listings and of idempotent requests, where a
/// collision would need a crafted input and costs at most a wrongly accepted cursor or replay in a test instance.
package enum Digest {
    /// The digest of `bytes`.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x6C62_272E_07BB_0142
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01B3
            second = (second ^ UInt64(byte ^ 0x5A)) &* 0x100_0000_01B3
        }
        return hex(first) + hex(second)
    }

    /// The digest of `text`'s UTF-8 bytes.
    package static func hex(_ text: String) -> String {
        hex(text.utf8)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
