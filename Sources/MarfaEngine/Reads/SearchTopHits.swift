import MarfaRules

/// The best `limit` hits seen so far: higher score first, then the smaller id (P-79). A binary heap keeps the
/// worst kept hit on top, so a candidate that cannot enter is turned away before its item is read or its filters
/// are checked, and a large limit (every hit) costs O(log limit) a hit.
struct SearchTopHits {
    /// One hit: its score, its item, and how often the query's terms occur in it (all fields together).
    typealias Entry = (score: Double, item: Item, matches: Int)

    /// The hits kept, as a heap with the worst on top.
    private var heap: [Entry] = []
    /// How many hits are kept at most.
    let limit: Int

    /// An empty selection of at most `limit` hits.
    init(limit: Int) {
        self.limit = limit
    }

    /// Whether the selection is full and every kept hit scores above `score`, so no hit of `score` or less
    /// can enter whatever its id.
    /// - Complexity: O(1).
    func excludes(_ score: Double) -> Bool {
        guard heap.count == limit, let worst = heap.first else { return false }
        return score < worst.score
    }

    /// Whether a hit of `score` for the item `id` would enter (`id` is read only on a tie with the worst kept).
    /// - Complexity: O(1).
    func admits(_ score: Double, id: () -> String?) -> Bool {
        guard heap.count == limit, let worst = heap.first else { return true }
        if score != worst.score { return score > worst.score }
        return id().map { $0 < worst.item.id } ?? false
    }

    /// Keeps `item` with `score` and `matches` if it ranks among the best `limit`.
    /// - Complexity: O(log limit).
    mutating func insert(_ item: Item, score: Double, matches: Int) {
        if heap.count == limit {
            guard let worst = heap.first, Self.ranks((score, item, matches), before: worst) else { return }
            heap[0] = (score, item, matches)
            siftDown(from: 0)
            return
        }
        heap.append((score, item, matches))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.ranks(heap[parent], before: heap[child]) else { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    /// The hits kept, best first.
    /// - Complexity: O(limit log limit).
    var entries: [Entry] {
        heap.sorted { Self.ranks($0, before: $1) }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            var worst = parent
            for child in [2 * parent + 1, 2 * parent + 2]
            where child < heap.count && Self.ranks(heap[worst], before: heap[child]) {
                worst = child
            }
            if worst == parent { return }
            heap.swapAt(parent, worst)
            parent = worst
        }
    }

    /// Whether `left` ranks before `right`: a higher score, or the same score and a smaller id.
    private static func ranks(_ left: Entry, before right: Entry) -> Bool {
        left.score != right.score ? left.score > right.score : left.item.id < right.item.id
    }
}
