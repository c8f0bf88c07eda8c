/// The postings a first build of the word index has found but not yet filed, kept so they can be filed word by
/// word: filing them row by row, as rows come, touches a different word's list for nearly every posting, each a
/// cache miss at 100k rows and more (Decision 0054).
struct WordPostingBatch {
    /// How many postings wait before they are filed by default (about 16 MB of batch with its sort buffers).
    static let defaultCapacity = 1 << 19
    /// How many postings wait before they are filed.
    let capacity: Int

    /// Each posting as its word id (high half) and row (low half), in the order found.
    private var keys: [UInt64] = []
    /// Each posting's count, aligned with `keys`.
    private var counts: [UInt32] = []
    /// The highest word id held, which bounds the sort's passes.
    private var highestID: UInt32 = 0
    /// The sort's other buffers, kept from one drain to the next.
    private var sortedKeys: [UInt64] = []
    private var sortedCounts: [UInt32] = []

    /// An empty batch that is full at `capacity` postings.
    init(capacity: Int = WordPostingBatch.defaultCapacity) {
        self.capacity = capacity
    }

    /// Whether the batch is full.
    var isFull: Bool { keys.count >= capacity }

    /// Adds word `id`'s posting of `row` with `count`.
    mutating func append(_ id: UInt32, row: RowID, count: UInt32) {
        keys.append(UInt64(id) << 32 | UInt64(row))
        counts.append(count)
        highestID = max(highestID, id)
    }

    /// Calls `body` with every posting, grouped by word id, the rows of each word in the order they were added,
    /// then empties the batch.
    /// - Complexity: O(n) per 11 bits of the highest word id (a stable radix sort on the word id).
    mutating func drain(_ body: (_ id: UInt32, _ row: RowID, _ count: UInt32) -> Void) {
        sortByWord()
        for (key, count) in zip(keys, counts) {
            body(UInt32(truncatingIfNeeded: key >> 32), RowID(truncatingIfNeeded: key), count)
        }
        keys.removeAll(keepingCapacity: true)
        counts.removeAll(keepingCapacity: true)
        highestID = 0
    }

    /// Sorts the postings by word id, stably, eleven bits of the id a pass.
    private mutating func sortByWord() {
        guard keys.count > 1 else { return }
        let digitBits = 11
        let buckets = 1 << digitBits
        sortedKeys.removeAll(keepingCapacity: true)
        sortedKeys.append(contentsOf: repeatElement(0, count: keys.count))
        sortedCounts.removeAll(keepingCapacity: true)
        sortedCounts.append(contentsOf: repeatElement(0, count: keys.count))
        var shift = 32
        while shift == 32 || (highestID >> UInt32(shift - 32)) != 0 {
            var starts = [Int](repeating: 0, count: buckets + 1)
            for key in keys { starts[Int(key >> UInt64(shift)) & (buckets - 1) + 1] += 1 }
            for bucket in 0..<buckets { starts[bucket + 1] += starts[bucket] }
            keys.withUnsafeBufferPointer { keys in
                counts.withUnsafeBufferPointer { counts in
                    sortedKeys.withUnsafeMutableBufferPointer { sortedKeys in
                        sortedCounts.withUnsafeMutableBufferPointer { sortedCounts in
                            for index in keys.indices {
                                let bucket = Int(keys[index] >> UInt64(shift)) & (buckets - 1)
                                sortedKeys[starts[bucket]] = keys[index]
                                sortedCounts[starts[bucket]] = counts[index]
                                starts[bucket] += 1
                            }
                        }
                    }
                }
            }
            swap(&keys, &sortedKeys)
            swap(&counts, &sortedCounts)
            shift += digitBits
        }
    }
}
