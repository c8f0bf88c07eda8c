/// A 64-bit FNV-1a hash, for the dataset checksum and the machine fingerprint.
struct FNV1a: Sendable {
    /// The hash so far.
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// An empty hash.
    init() {}

    /// Mixes `bytes` in.
    mutating func add(_ bytes: [UInt8]) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        value = hash
    }

    /// Mixes the UTF-8 bytes of `text` in, then a separator.
    mutating func add(_ text: String) {
        var hash = value
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        hash ^= 0xFF
        hash &*= 0x0000_0100_0000_01B3
        value = hash
    }

    /// The hash as 16 hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}
