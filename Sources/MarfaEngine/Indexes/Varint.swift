/// The LEB128 reader the word postings share: seven bits a byte, low first, the high bit set on every byte but
/// the last.
enum Varint {
    /// The varint at `offset` in `bytes`, moving `offset` past it.
    @inline(__always)
    static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: inout Int) -> UInt32
    where Bytes.Index == Int {
        UInt32(truncatingIfNeeded: readWide(bytes, at: &offset))
    }

    /// The varint at `offset` in `bytes` of up to 64 bits, moving `offset` past it (a word postings entry, whose
    /// doubled row gap may pass 32 bits).
    @inline(__always)
    static func readWide<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: inout Int) -> UInt64
    where Bytes.Index == Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }
}
