extension WordIndex {
    /// The rows a query word matches, ascending, with its occurrences in each: one word's compressed postings as
    /// stored, or the union of the postings of every word a prefix begins, decoded once (never written back into
    /// the compressed form only to be read again).
    package enum WordRows: Sendable {
        /// One word's postings (or none).
        case postings(Postings)
        /// Rows and their summed counts, aligned.
        case decoded(rows: [RowID], counts: [UInt32])

        /// How many rows.
        package var count: Int {
            switch self {
            case .postings(let list): Int(list.count)
            case .decoded(let rows, _): rows.count
            }
        }

        /// The rows, ascending.
        /// - Complexity: O(n) for postings, O(1) decoded.
        package var rows: [RowID] {
            switch self {
            case .postings(let list): list.rows
            case .decoded(let rows, _): rows
            }
        }

        /// The counts, aligned with `rows`.
        /// - Complexity: O(n) for postings, O(1) decoded.
        package var counts: [UInt32] {
            switch self {
            case .postings(let list): list.counts
            case .decoded(_, let counts): counts
            }
        }

        /// The rows and counts in one pass.
        /// - Complexity: O(n) for postings, O(1) decoded.
        var decoded: (rows: [RowID], counts: [UInt32]) {
            switch self {
            case .postings(let list):
                var rows: [RowID] = []
                var counts: [UInt32] = []
                rows.reserveCapacity(Int(list.count))
                counts.reserveCapacity(Int(list.count))
                list.forEach { row, count in
                    rows.append(row)
                    counts.append(count)
                }
                return (rows, counts)
            case .decoded(let rows, let counts): return (rows, counts)
            }
        }

        /// Of `rows` (ascending), the positions this list holds too and its count at each: one pass of a cursor
        /// over compressed postings, or a gallop through decoded rows.
        /// - Complexity: O(rows × (log blocks + blockSize)) at most for postings, O(rows × log(n / rows)) decoded.
        func matches(among rows: [RowID]) -> (positions: [Int], counts: [UInt32]) {
            var positions: [Int] = []
            var found: [UInt32] = []
            positions.reserveCapacity(min(rows.count, count))
            found.reserveCapacity(min(rows.count, count))
            switch self {
            case .postings(let list):
                var cursor = Postings.Cursor()
                for (position, row) in rows.enumerated() {
                    guard cursor.seek(atLeast: row, in: list) else { break }
                    if cursor.row == row {
                        positions.append(position)
                        found.append(cursor.count)
                    }
                }
            case .decoded(let listed, let counts):
                var index = 0
                for (position, row) in rows.enumerated() {
                    index = Gallop.firstIndex(in: listed, from: index, atLeast: row)
                    if index == listed.count { break }
                    if listed[index] == row {
                        positions.append(position)
                        found.append(counts[index])
                    }
                }
            }
            return (positions, found)
        }
    }

    /// The rows in every list, ascending, with each list's count in every such row (`counts[i]` aligned with
    /// `rows`, for `lists[i]`): the smallest list decoded once, the others sought in size order, every count read
    /// while it is sought, so no list is decoded twice.
    /// - Complexity: O(smallest × lists × (log blocks + blockSize)) at most.
    package static func intersection(of lists: [WordRows]) -> (rows: [RowID], counts: [[UInt32]]) {
        let order = lists.indices.sorted { lists[$0].count < lists[$1].count }
        guard let smallest = order.first else { return ([], []) }
        var counts = [[UInt32]](repeating: [], count: lists.count)
        var (rows, first) = lists[smallest].decoded
        counts[smallest] = first
        for (step, index) in order.enumerated().dropFirst() {
            let (positions, found) = lists[index].matches(among: rows)
            if positions.count < rows.count {
                rows = positions.map { rows[$0] }
                for earlier in order[..<step] {
                    let kept = counts[earlier]
                    counts[earlier] = positions.map { kept[$0] }
                }
            }
            counts[index] = found
        }
        return (rows, counts)
    }
}
