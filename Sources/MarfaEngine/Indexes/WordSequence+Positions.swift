/// The inverted layout of a long row, whose ids are read from the row's record (its ascending word ids as varint
/// gaps): after a first byte of 0, the row's distinct word count `n` (UInt32), then a skip entry per block of
/// `blockSize` ranks (the block's first id, the record offset just past that id, the offset of the block's first
/// positions; three UInt32), then per rank its count of positions and their ascending gaps, as varints. A position
/// counts field ends too, so no phrase spans two fields.
extension WordSequence {
    /// Ranks a skip entry covers.
    static let blockSize = 32

    /// The inverted layout of a row whose `entries` index into `ids` (see `encode`).
    /// - Complexity: O(entries).
    static func encodePositions(_ entries: [UInt32], ids: [UInt32]) -> [UInt8] {
        var positions = [[UInt32]](repeating: [], count: ids.count)
        for (position, entry) in entries.enumerated() where entry != fieldEnd {
            positions[Int(entry) - 1].append(UInt32(position))
        }
        var area: [UInt8] = []
        var skips: [UInt32] = []
        var recordOffset = 0
        for (rank, list) in positions.enumerated() {
            recordOffset += varintLength(rank == 0 ? ids[0] : ids[rank] - ids[rank - 1])
            if rank % blockSize == 0 { skips += [ids[rank], UInt32(recordOffset), UInt32(area.count)] }
            area += VarintGaps.encode([UInt32(list.count)]) + VarintGaps.encode(list)
        }
        var bytes: [UInt8] = [0]
        bytes.reserveCapacity(5 + skips.count * 4 + area.count)
        for value in [UInt32(ids.count)] + skips { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        bytes += area
        return bytes
    }

    /// The entries an inverted layout was made from, field ends included, given the row's `record`.
    /// - Complexity: O(entries).
    static func decodePositions(_ sequence: [UInt8], record: [UInt8]) -> [UInt32] {
        var entries: [UInt32] = []
        var cursor = Cursor(sequence, record: record, block: 0)
        while let (rank, _) = cursor.current {
            for position in cursor.positions() {
                while entries.count <= Int(position) { entries.append(fieldEnd) }
                entries[Int(position)] = UInt32(rank + 1)
            }
            cursor.advance()
        }
        return entries
    }

    /// How many times, within one field of a row in the inverted layout, words of `words[0]`, `words[1]`, … (each
    /// a list of ascending word ids) stand adjacent and in order (every start counted, overlaps included).
    /// - Complexity: per word, O(its ids × (log blocks + blockSize)) or one walk of the row when it has many ids;
    ///   then O(positions × log positions).
    static func positionalCount(of words: [[UInt32]], in sequence: [UInt8], record: [UInt8]) -> Int {
        guard sequence.first == 0, !words.isEmpty else { return 0 }
        let distinct = Int(load(sequence, at: 0))
        let blocks = (distinct + blockSize - 1) / blockSize
        var lists: [[UInt32]] = []
        for ids in words {
            var list: [UInt32] = []
            if ids.count * blockSize > distinct {
                var cursor = Cursor(sequence, record: record, block: 0)
                var next = 0
                while let (_, id) = cursor.current, next < ids.count {
                    next = Gallop.firstIndex(in: ids, from: next, atLeast: id)
                    if next < ids.count && ids[next] == id { list += cursor.positions() }
                    cursor.advance()
                }
            } else {
                for id in ids {
                    var low = 0
                    var high = blocks
                    while low < high {
                        let middle = (low + high) / 2
                        if load(sequence, at: 1 + 3 * middle) <= id { low = middle + 1 } else { high = middle }
                    }
                    guard low > 0 else { continue }
                    var cursor = Cursor(sequence, record: record, block: low - 1)
                    while let (_, current) = cursor.current, current < id { cursor.advance() }
                    if cursor.current?.id == id { list += cursor.positions() }
                }
            }
            if list.isEmpty { return 0 }
            if ids.count > 1 { list.sort() }
            lists.append(list)
        }
        var found = 0
        for start in lists[0] {
            var matched = true
            for next in 1..<lists.count {
                let target = start + UInt32(next)
                let position = Gallop.firstIndex(in: lists[next], from: 0, atLeast: target)
                if position == lists[next].count || lists[next][position] != target {
                    matched = false
                    break
                }
            }
            if matched { found += 1 }
        }
        return found
    }

    /// A walk through an inverted row's ranks in order, from the start of a block.
    private struct Cursor {
        /// The row's inverted layout and its record.
        let (sequence, record): ([UInt8], [UInt8])
        /// The row's distinct word count.
        let distinct: Int
        /// The rank stood at, and its word id.
        var (rank, id): (Int, UInt32)
        /// Where the next id's gap starts in the record, and the current rank's positions in the layout.
        var (recordOffset, areaOffset): (Int, Int)

        /// A walk from the first rank of `block`.
        init(_ sequence: [UInt8], record: [UInt8], block: Int) {
            self.sequence = sequence
            self.record = record
            distinct = Int(WordSequence.load(sequence, at: 0))
            let blocks = (distinct + WordSequence.blockSize - 1) / WordSequence.blockSize
            let areaStart = 5 + 12 * blocks
            rank = block * WordSequence.blockSize
            id = blocks > 0 ? WordSequence.load(sequence, at: 1 + 3 * block) : 0
            recordOffset = blocks > 0 ? Int(WordSequence.load(sequence, at: 2 + 3 * block)) : 0
            areaOffset = blocks > 0 ? areaStart + Int(WordSequence.load(sequence, at: 3 + 3 * block)) : 0
        }

        /// The rank and id the walk stands at, nil past the last.
        var current: (rank: Int, id: UInt32)? { rank < distinct ? (rank, id) : nil }

        /// The positions of the current rank, ascending.
        func positions() -> [UInt32] {
            var offset = areaOffset
            let count = Int(WordSequence.varint(sequence, at: &offset))
            var positions: [UInt32] = []
            positions.reserveCapacity(count)
            var position: UInt32 = 0
            for _ in 0..<count {
                position += WordSequence.varint(sequence, at: &offset)
                positions.append(position)
            }
            return positions
        }

        /// Steps to the next rank.
        mutating func advance() {
            var count = WordSequence.varint(sequence, at: &areaOffset)
            while count > 0 {
                if sequence[areaOffset] & 0x80 == 0 { count -= 1 }
                areaOffset += 1
            }
            rank += 1
            if rank < distinct { id += WordSequence.varint(record, at: &recordOffset) }
        }
    }

    /// The `index`th UInt32 after the first byte.
    @inline(__always)
    static func load(_ sequence: [UInt8], at index: Int) -> UInt32 {
        sequence.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 1 + 4 * index, as: UInt32.self)) }
    }

    /// The varint at `offset` in `bytes`, moving `offset` past it (also the word postings' reader).
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

    /// The bytes `value` takes as a varint.
    private static func varintLength(_ value: UInt32) -> Int {
        max(1, (32 - value.leadingZeroBitCount + 6) / 7)
    }
}
