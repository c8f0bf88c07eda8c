import MarfaEngine
import MarfaRules

/// List queries answered by brute force over `CopyState.items`: filter every item, sort the matches, cut the page.
///
/// - Complexity: O(n + m log m) for n items and m matches; no index is used because none exists yet.
enum BruteForceList {
    /// The ids `query` lists over `state`, in order.
    static func evaluate(_ query: BenchListQuery, in state: CopyState) -> [String] {
        let under = query.beneath.map { descendants(of: $0, in: state) }
        var rows = state.items.values.filter { matches($0, query, beneath: under) }
        rows.sort { before($0, $1, query) }
        let page = rows.dropFirst(query.offset)
        return (query.limit.map { Array(page.prefix($0)) } ?? Array(page)).map(\.id)
    }

    /// Entries an ideal sort index walk visits for `query`: from the sorted end of the `(type, timestamp)` index
    /// until the page is full (benchmarks.md's list floor counts these at about one cache miss each).
    static func visitedEntries(_ query: BenchListQuery, in state: CopyState) -> Int {
        if let root = query.beneath { return descendants(of: root, in: state).count + 1 }
        let needed = query.limit.map { $0 + query.offset } ?? Int.max
        var walk = state.items.values.filter { query.types.isEmpty || query.types.contains($0.type) }
        walk.sort { before($0, $1, query) }
        var found = 0
        for (position, item) in walk.enumerated() where matches(item, query, beneath: nil) {
            found += 1
            if found >= needed { return position + 1 }
        }
        return walk.count
    }

    /// Whether `item` passes every filter of `query`.
    static func matches(_ item: Item, _ query: BenchListQuery, beneath: Set<String>?) -> Bool {
        guard query.types.isEmpty || query.types.contains(item.type), query.states.contains(item.state) else {
            return false
        }
        if let tier = query.tier, item.tier != tier { return false }
        for tag in query.tags where !item.tags.contains(tag) { return false }
        if let after = query.occurredAfter, !(item.occurredAt > after) { return false }
        if let before = query.occurredBefore, !(item.occurredAt < before) { return false }
        if let condition = query.property {
            guard let text = item.properties[condition.name]?.string else { return false }
            switch condition.op {
            case .equals: if text != condition.value { return false }
            case .contains:
                let haystack = SearchSemantics.foldASCII(text)
                let needle = SearchSemantics.foldASCII(condition.value)
                if !haystack.containsSubsequence(needle) { return false }
            }
        }
        if let beneath, !beneath.contains(item.id) { return false }
        return true
    }

    /// Whether `left` comes before `right` in `query`'s order (timestamp, then id, same direction).
    static func before(_ left: Item, _ right: Item, _ query: BenchListQuery) -> Bool {
        let leftKey = key(left, query.sort)
        let rightKey = key(right, query.sort)
        if leftKey != rightKey { return query.descending ? leftKey > rightKey : leftKey < rightKey }
        return query.descending ? left.id > right.id : left.id < right.id
    }

    /// Every item under `root` along `parent-of` edges, at any depth.
    static func descendants(of root: String, in state: CopyState) -> Set<String> {
        var found = Set<String>()
        var pending = [root]
        while let parent = pending.popLast() {
            for edgeId in state.edgesFrom[parent] ?? [] {
                guard let edge = state.edges[edgeId], edge.edgeType == EdgeFactory.parentOf else { continue }
                if found.insert(edge.targetId).inserted { pending.append(edge.targetId) }
            }
        }
        found.remove(root)
        return found
    }

    private static func key(_ item: Item, _ field: BenchListQuery.SortField) -> String {
        switch field {
        case .createdAt: return item.createdAt
        case .updatedAt: return item.updatedAt
        case .occurredAt: return item.occurredAt
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs contiguously in this array.
    fileprivate func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= count else { return false }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
