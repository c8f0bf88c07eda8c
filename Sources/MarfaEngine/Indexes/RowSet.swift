/// A set of rows (a postings list) as a compressed bitmap in the Roaring layout: rows are grouped by their high
/// 16 bits into containers, each a sorted `[UInt16]` of low halves while it holds at most 4,096 rows, else a
/// 65,536-bit bitmap.
///
/// Why not a sorted `[UInt32]`: common tags, types, states and the union of a `contains` operand's words are
/// dense, and there a bitmap costs 1 bit per row in the range where an array costs 32 bits per member; sparse
/// containers still halve an array's size with 16-bit halves. Membership is
/// O(1) in a bitmap (what a sort-index walk asks of a filter), and intersections gallop over arrays, probe bits
/// between an array and a bitmap, and AND words between bitmaps.
package struct RowSet: Sendable, Hashable, Sequence {
    /// The most rows an array container holds; one more turns it into a bitmap, and a bitmap falling back to
    /// this many turns into an array.
    package static let arrayLimit = 4096
    /// The 64-bit words in a bitmap container.
    static let bitmapWords = 1024

    /// The rows sharing one high half.
    struct Container: Sendable, Hashable {
        /// The high 16 bits every row here shares.
        var high: UInt16
        /// How many rows the container holds (at least one).
        var count: Int
        /// The sorted low halves, while `count <= arrayLimit`; empty for a bitmap.
        var values: [UInt16]
        /// The bitmap of low halves once `count > arrayLimit` (`bitmapWords` words); empty for an array.
        var words: [UInt64]

        /// Whether the container is a bitmap.
        var isBitmap: Bool { !words.isEmpty }

        /// An array container.
        init(high: UInt16, values: [UInt16]) {
            self.high = high
            self.count = values.count
            self.values = values
            self.words = []
        }

        /// A bitmap container holding `count` bits of `words`, or the equivalent array when that is at most
        /// `arrayLimit`.
        init(high: UInt16, words: [UInt64], count: Int) {
            self.high = high
            self.count = count
            if count > RowSet.arrayLimit {
                self.values = []
                self.words = words
            } else {
                self.values = RowSet.lows(of: words, count: count)
                self.words = []
            }
        }

        /// Whether the container holds `low`.
        @inline(__always)
        func contains(_ low: UInt16) -> Bool {
            if isBitmap { return words[Int(low >> 6)] & (1 << UInt64(low & 63)) != 0 }
            let position = RowSet.position(of: low, in: values)
            return position < values.count && values[position] == low
        }

        /// The container's bitmap words, built from the array when it is one.
        func bitmap() -> [UInt64] {
            if isBitmap { return words }
            var words = [UInt64](repeating: 0, count: RowSet.bitmapWords)
            for low in values { words[Int(low >> 6)] |= 1 << UInt64(low & 63) }
            return words
        }
    }

    /// The containers, ascending by `high`, none empty.
    private(set) var containers: [Container] = []
    /// How many rows the set holds.
    package private(set) var count = 0

    /// An empty set.
    package init() {}

    /// The set of `containers` (ascending by `high`, none empty), as the word index's `contains` candidates build.
    init(containers: [Container]) {
        self.containers = containers
        self.count = containers.reduce(0) { $0 + $1.count }
    }

    /// The set of `rows` (in any order, repeats allowed).
    /// - Complexity: O(n log n).
    package init(_ rows: some Sequence<RowID>) {
        for row in rows.sorted() { insert(row) }
    }

    /// Whether the set holds no row.
    package var isEmpty: Bool { count == 0 }

    /// Whether the set holds `row`.
    /// - Complexity: O(log c + log 4096), O(1) in a bitmap container.
    @inline(__always)
    package func contains(_ row: RowID) -> Bool {
        guard let index = containerIndex(UInt16(truncatingIfNeeded: row >> 16)) else { return false }
        return containers[index].contains(UInt16(truncatingIfNeeded: row))
    }

    /// Adds `row`; answers whether it was absent.
    /// - Complexity: O(log c) plus, in an array container, O(4096) worst case to shift (O(1) appending the
    ///   highest row), or a one-time O(4096) conversion to a bitmap.
    @discardableResult
    package mutating func insert(_ row: RowID) -> Bool {
        let high = UInt16(truncatingIfNeeded: row >> 16)
        let low = UInt16(truncatingIfNeeded: row)
        // Rows mostly arrive in ascending order: try the last container before searching.
        let index = containers.last?.high == high ? containers.count - 1 : lowerBound(high)
        guard index < containers.count, containers[index].high == high else {
            containers.insert(Container(high: high, values: [low]), at: index)
            count += 1
            return true
        }
        if containers[index].isBitmap {
            let mask: UInt64 = 1 << UInt64(low & 63)
            guard containers[index].words[Int(low >> 6)] & mask == 0 else { return false }
            containers[index].words[Int(low >> 6)] |= mask
        } else if let last = containers[index].values.last, last < low {
            if containers[index].count == Self.arrayLimit {
                containers[index].words = containers[index].bitmap()
                containers[index].values = []
                containers[index].words[Int(low >> 6)] |= 1 << UInt64(low & 63)
            } else {
                containers[index].values.append(low)
            }
        } else {
            let position = Self.position(of: low, in: containers[index].values)
            guard containers[index].values[position] != low else { return false }
            if containers[index].count == Self.arrayLimit {
                containers[index].words = containers[index].bitmap()
                containers[index].values = []
                containers[index].words[Int(low >> 6)] |= 1 << UInt64(low & 63)
            } else {
                containers[index].values.insert(low, at: position)
            }
        }
        containers[index].count += 1
        count += 1
        return true
    }

    /// Adds `rows`, best in ascending order: a row past the last container's highest is appended in place (a bulk
    /// load), any other row is inserted as `insert(_:)` inserts it.
    /// - Complexity: O(1) per appended row (plus one-time conversions to bitmaps), else as `insert(_:)`.
    package mutating func insert(contentsOf rows: some Sequence<RowID>) {
        for row in rows {
            let high = UInt16(truncatingIfNeeded: row >> 16)
            let low = UInt16(truncatingIfNeeded: row)
            let last = containers.count - 1
            if last < 0 || containers[last].high < high {
                containers.append(Container(high: high, values: [low]))
                count += 1
            } else if containers[last].high > high {
                insert(row)
            } else if containers[last].isBitmap {
                let mask: UInt64 = 1 << UInt64(low & 63)
                guard containers[last].words[Int(low >> 6)] & mask == 0 else { continue }
                containers[last].words[Int(low >> 6)] |= mask
                containers[last].count += 1
                count += 1
            } else if let highest = containers[last].values.last, highest < low {
                if containers[last].count == Self.arrayLimit {
                    containers[last].words = containers[last].bitmap()
                    containers[last].values = []
                    containers[last].words[Int(low >> 6)] |= 1 << UInt64(low & 63)
                } else {
                    containers[last].values.append(low)
                }
                containers[last].count += 1
                count += 1
            } else {
                insert(row)
            }
        }
    }

    /// Drops the spare capacity appends left in the containers and their list (after a bulk load, when the set is
    /// done growing).
    /// - Complexity: O(n) for the arrays copied.
    package mutating func shrinkToFit() {
        if containers.capacity > containers.count { containers = containers.withExactCapacity() }
        for index in containers.indices where containers[index].values.capacity > containers[index].values.count {
            containers[index].values = containers[index].values.withExactCapacity()
        }
    }

    /// Removes `row`; answers whether it was present.
    /// - Complexity: O(log c) plus O(4096) worst case to shift an array or to turn a bitmap back into one.
    @discardableResult
    package mutating func remove(_ row: RowID) -> Bool {
        let high = UInt16(truncatingIfNeeded: row >> 16)
        let low = UInt16(truncatingIfNeeded: row)
        guard let index = containerIndex(high) else { return false }
        if containers[index].isBitmap {
            let mask: UInt64 = 1 << UInt64(low & 63)
            guard containers[index].words[Int(low >> 6)] & mask != 0 else { return false }
            containers[index].words[Int(low >> 6)] &= ~mask
            containers[index].count -= 1
            if containers[index].count <= Self.arrayLimit {
                containers[index].values = Self.lows(of: containers[index].words, count: containers[index].count)
                containers[index].words = []
            }
        } else {
            let position = Self.position(of: low, in: containers[index].values)
            guard position < containers[index].values.count, containers[index].values[position] == low else {
                return false
            }
            containers[index].values.remove(at: position)
            containers[index].count -= 1
            if containers[index].count == 0 { containers.remove(at: index) }
        }
        count -= 1
        return true
    }

    /// The rows in both sets.
    /// - Complexity: O(c) containers plus, per shared container, O(m log(n/m)) for two arrays (galloping through
    ///   the larger), O(m) for an array and a bitmap, O(1024) for two bitmaps.
    package func intersection(_ other: RowSet) -> RowSet {
        var result = RowSet()
        var left = 0
        var right = 0
        while left < containers.count && right < other.containers.count {
            let high = containers[left].high
            let otherHigh = other.containers[right].high
            if high < otherHigh {
                left += 1
            } else if high > otherHigh {
                right += 1
            } else {
                if let both = Self.intersect(containers[left], other.containers[right]) {
                    result.containers.append(both)
                    result.count += both.count
                }
                left += 1
                right += 1
            }
        }
        return result
    }

    /// The rows in either set.
    /// - Complexity: O(c) containers plus O(m + n) per shared array pair, O(1024) per pair with a bitmap.
    package func union(_ other: RowSet) -> RowSet {
        var result = RowSet()
        var left = 0
        var right = 0
        while left < containers.count || right < other.containers.count {
            let container: Container
            if right == other.containers.count
                || (left < containers.count && containers[left].high < other.containers[right].high) {
                container = containers[left]
                left += 1
            } else if left == containers.count || other.containers[right].high < containers[left].high {
                container = other.containers[right]
                right += 1
            } else {
                container = Self.unite(containers[left], other.containers[right])
                left += 1
                right += 1
            }
            result.containers.append(container)
            result.count += container.count
        }
        return result
    }

    /// The rows every set holds (nil for none: no set constrains anything, which callers read as "every row").
    /// Sets are intersected smallest first and the work stops once the result is empty.
    /// - Complexity: O(k log k) plus the pairwise intersections, each bounded by the smaller running result.
    package static func intersection(of sets: [RowSet]) -> RowSet? {
        let ordered = sets.sorted { $0.count < $1.count }
        guard var result = ordered.first else { return nil }
        for set in ordered.dropFirst() {
            if result.isEmpty { break }
            result = result.intersection(set)
        }
        return result
    }

    /// The rows any set holds.
    /// - Complexity: the pairwise unions, O(total size) in all.
    package static func union(of sets: [RowSet]) -> RowSet {
        sets.reduce(RowSet()) { $0.union($1) }
    }

    /// An estimate of the heap bytes the set uses (array storage, not allocator overhead).
    /// - Complexity: O(c).
    package var byteCount: Int {
        guard !containers.isEmpty else { return 0 }
        return 32 + containers.capacity * MemoryLayout<Container>.stride + containers.reduce(0) {
            $0 + ($1.isBitmap ? 32 + 8 * $1.words.capacity : 32 + 2 * $1.values.capacity)
        }
    }

    /// Checks the layout: containers ascending and non-empty, arrays sorted and within the limit, bitmaps above
    /// it, and every count right.
    /// - Complexity: O(c × 4096).
    package func checkInvariants() throws {
        var total = 0
        for (index, container) in containers.enumerated() {
            if index > 0 {
                try IndexCorruption.check(containers[index - 1].high < container.high, "RowSet: containers unordered")
            }
            if container.isBitmap {
                let bits = container.words.reduce(0) { $0 + $1.nonzeroBitCount }
                try IndexCorruption.check(container.words.count == Self.bitmapWords, "RowSet: short bitmap")
                try IndexCorruption.check(container.values.isEmpty, "RowSet: bitmap keeps an array")
                try IndexCorruption.check(bits == container.count, "RowSet: bitmap count \(container.count)≠\(bits)")
                try IndexCorruption.check(bits > Self.arrayLimit, "RowSet: bitmap of \(bits) should be an array")
            } else {
                try IndexCorruption.check(container.values.count == container.count, "RowSet: array count wrong")
                try IndexCorruption.check((1...Self.arrayLimit).contains(container.count), "RowSet: array size")
                try IndexCorruption.check(zip(container.values, container.values.dropFirst()).allSatisfy { $0 < $1 },
                                          "RowSet: array unsorted")
            }
            total += container.count
        }
        try IndexCorruption.check(total == count, "RowSet: count \(count) but \(total) rows")
    }

    /// Visits rows in ascending order.
    package struct Iterator: IteratorProtocol {
        /// The containers being walked.
        private let containers: [Container]
        /// The container being read.
        private var containerIndex = 0
        /// The next value in an array container.
        private var valueIndex = 0
        /// The next word in a bitmap container.
        private var wordIndex = 0
        /// The bits of the current bitmap word not yet visited.
        private var bits: UInt64 = 0

        /// Starts before the first row.
        init(_ containers: [Container]) {
            self.containers = containers
        }

        /// The next row, or nil after the last.
        package mutating func next() -> RowID? {
            while containerIndex < containers.count {
                let base = RowID(containers[containerIndex].high) << 16
                if containers[containerIndex].isBitmap {
                    while bits == 0 && wordIndex < RowSet.bitmapWords {
                        bits = containers[containerIndex].words[wordIndex]
                        wordIndex += 1
                    }
                    if bits != 0 {
                        let bit = RowID(bits.trailingZeroBitCount)
                        bits &= bits &- 1
                        return base | RowID(wordIndex - 1) << 6 | bit
                    }
                } else if valueIndex < containers[containerIndex].values.count {
                    valueIndex += 1
                    return base | RowID(containers[containerIndex].values[valueIndex - 1])
                }
                containerIndex += 1
                valueIndex = 0
                wordIndex = 0
                bits = 0
            }
            return nil
        }
    }

    /// An iterator over the rows, ascending.
    package func makeIterator() -> Iterator { Iterator(containers) }

    /// The rows, ascending.
    /// - Complexity: O(n).
    package var rows: [RowID] {
        var rows: [RowID] = []
        rows.reserveCapacity(count)
        for row in self { rows.append(row) }
        return rows
    }

    // MARK: - Containers

    /// The index of the container for `high`, if any.
    @inline(__always)
    private func containerIndex(_ high: UInt16) -> Int? {
        let index = lowerBound(high)
        return index < containers.count && containers[index].high == high ? index : nil
    }

    /// The first container index whose `high` is at least `high`, by binary search.
    @inline(__always)
    private func lowerBound(_ high: UInt16) -> Int {
        var low = 0
        var upper = containers.count
        while low < upper {
            let middle = (low + upper) / 2
            if containers[middle].high < high { low = middle + 1 } else { upper = middle }
        }
        return low
    }

    /// The first index of `values` (sorted) whose value is at least `target`, by binary search.
    @inline(__always)
    static func position(of target: UInt16, in values: [UInt16]) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The low halves a bitmap holds, ascending.
    static func lows(of words: [UInt64], count: Int) -> [UInt16] {
        var values: [UInt16] = []
        values.reserveCapacity(count)
        for (index, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                values.append(UInt16(index << 6 | bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
        }
        return values
    }

    /// The rows both containers hold, or nil for none.
    private static func intersect(_ left: Container, _ right: Container) -> Container? {
        switch (left.isBitmap, right.isBitmap) {
        case (true, true):
            var words = [UInt64](repeating: 0, count: bitmapWords)
            var count = 0
            for index in 0..<bitmapWords {
                words[index] = left.words[index] & right.words[index]
                count += words[index].nonzeroBitCount
            }
            return count == 0 ? nil : Container(high: left.high, words: words, count: count)
        case (false, true), (true, false):
            let (array, bitmap) = left.isBitmap ? (right, left) : (left, right)
            let values = array.values.filter { bitmap.words[Int($0 >> 6)] & (1 << UInt64($0 & 63)) != 0 }
            return values.isEmpty ? nil : Container(high: left.high, values: values)
        case (false, false):
            let (small, large) = left.count <= right.count ? (left, right) : (right, left)
            var values: [UInt16] = []
            values.reserveCapacity(small.count)
            large.values.withUnsafeBufferPointer { large in
                var position = 0
                for value in small.values {
                    position = Gallop.firstIndex(in: large, from: position, atLeast: value)
                    if position == large.count { break }
                    if large[position] == value { values.append(value) }
                }
            }
            return values.isEmpty ? nil : Container(high: left.high, values: values)
        }
    }

    /// The rows either container holds.
    private static func unite(_ left: Container, _ right: Container) -> Container {
        if !left.isBitmap && !right.isBitmap && left.count + right.count <= arrayLimit {
            var values: [UInt16] = []
            values.reserveCapacity(left.count + right.count)
            var leftIndex = 0
            var rightIndex = 0
            while leftIndex < left.values.count || rightIndex < right.values.count {
                if rightIndex == right.values.count
                    || (leftIndex < left.values.count && left.values[leftIndex] < right.values[rightIndex]) {
                    values.append(left.values[leftIndex])
                    leftIndex += 1
                } else if leftIndex == left.values.count || right.values[rightIndex] < left.values[leftIndex] {
                    values.append(right.values[rightIndex])
                    rightIndex += 1
                } else {
                    values.append(left.values[leftIndex])
                    leftIndex += 1
                    rightIndex += 1
                }
            }
            return Container(high: left.high, values: values)
        }
        var words = left.bitmap()
        var count = 0
        if right.isBitmap {
            for index in 0..<bitmapWords {
                words[index] |= right.words[index]
                count += words[index].nonzeroBitCount
            }
        } else {
            for value in right.values { words[Int(value >> 6)] |= 1 << UInt64(value & 63) }
            count = words.reduce(0) { $0 + $1.nonzeroBitCount }
        }
        return Container(high: left.high, words: words, count: count)
    }

}
