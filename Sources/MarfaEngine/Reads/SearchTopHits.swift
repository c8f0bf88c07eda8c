import MarfaRules

/// The best `limit` hits seen so far, best first: higher score, then the smaller id (P-79). A candidate that
/// cannot enter is turned away before its item is read or its filters are checked.
struct SearchTopHits {
    /// The hits kept, best first.
    private(set) var entries: [(score: Double, item: Item)] = []
    /// How many hits are kept at most.
    let limit: Int

    /// An empty selection of at most `limit` hits.
    init(limit: Int) {
        self.limit = limit
        entries.reserveCapacity(limit + 1)
    }

    /// Whether a hit of `score` for the item `id` would enter (`id` is read only on a tie with the worst kept).
    /// - Complexity: O(1).
    func admits(_ score: Double, id: () -> String?) -> Bool {
        guard entries.count == limit, let worst = entries.last else { return true }
        if score != worst.score { return score > worst.score }
        return id().map { $0 < worst.item.id } ?? false
    }

    /// Keeps `item` with `score` if it ranks among the best `limit`.
    /// - Complexity: O(limit).
    mutating func insert(_ item: Item, score: Double) {
        var position = entries.count
        while position > 0, Self.ranks(score, item.id, before: entries[position - 1]) { position -= 1 }
        guard position < limit else { return }
        entries.insert((score, item), at: position)
        if entries.count > limit { entries.removeLast() }
    }

    private static func ranks(_ score: Double, _ id: String, before entry: (score: Double, item: Item)) -> Bool {
        score != entry.score ? score > entry.score : id < entry.item.id
    }
}
