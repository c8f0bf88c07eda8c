/// Ascending ids as LEB128 gaps (the first from zero): the word index's row records and its inverted word
/// sequences' position lists.
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
}
