/// Ascending ids as LEB128 gaps (the first from zero): the word index's row records; and the LEB128 reader its
/// postings share.
enum VarintGaps {
    /// Ascending `ids` as LEB128 gaps, in an array of exactly their size.
    /// - Complexity: O(n).
    static func encode(_ ids: [UInt32]) -> [UInt8] {
        var size = 0
        var previous: UInt32 = 0
        for id in ids {
            size += (32 - (id - previous).leadingZeroBitCount + 6) / 7 + ((id - previous) == 0 ? 1 : 0)
            previous = id
        }
        return [UInt8](unsafeUninitializedCapacity: size) { bytes, initialized in
            var previous: UInt32 = 0
            for id in ids {
                var gap = id - previous
                previous = id
                while gap >= 0x80 {
                    bytes[initialized] = UInt8(gap & 0x7F) | 0x80
                    initialized += 1
                    gap >>= 7
                }
                bytes[initialized] = UInt8(gap)
                initialized += 1
            }
        }
    }

    /// The ids `encode` wrote.
    /// - Complexity: O(n).
    static func decode(_ bytes: [UInt8]) -> [UInt32] {
        var ids: [UInt32] = []
        ids.reserveCapacity(bytes.count)
        var previous: UInt32 = 0
        var gap: UInt32 = 0
        var shift: UInt32 = 0
        for byte in bytes {
            gap |= UInt32(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                previous += gap
                ids.append(previous)
                gap = 0
                shift = 0
            } else {
                shift += 7
            }
        }
        return ids
    }

    /// The varint at `offset` in `bytes`, moving `offset` past it.
    @inline(__always)
    static func varint<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: inout Int) -> UInt32
    where Bytes.Index == Int {
        UInt32(truncatingIfNeeded: wideVarint(bytes, at: &offset))
    }

    /// The varint at `offset` in `bytes` of up to 64 bits, moving `offset` past it (a word postings entry, whose
    /// doubled row gap may pass 32 bits).
    @inline(__always)
    static func wideVarint<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: inout Int) -> UInt64
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
