import Foundation
import MarfaRules

/// The list queries of benchmarks.md over a generated dataset: type plus state by each timestamp both ways,
/// offsets 0 / 1k / 10k, common and rare tags, an `occurred_at` range, `status eq todo`, `contains`, `beneath`,
/// a tier, another state, and one unbounded list.
enum ListQuerySet {
    /// The queries, fixed by the dataset (and so by seed and size).
    static func make(_ dataset: BenchDataset) -> [BenchListQuery] {
        let note = [ItemFactory.noteType]
        let task = [ItemFactory.taskType]
        var queries: [BenchListQuery] = []
        for field in BenchListQuery.SortField.allCases {
            for descending in [true, false] {
                let name =
                    "note-active-\(field.rawValue.replacingOccurrences(of: "_at", with: ""))-"
                    + (descending ? "desc" : "asc")
                queries.append(BenchListQuery(name: name, types: note, sort: field, descending: descending))
            }
        }
        for offset in [1000, 10_000] {
            queries.append(
                BenchListQuery(name: "note-active-created-desc-offset-\(offset / 1000)k", types: note, offset: offset))
        }
        let tags = dataset.factory.tags
        if let common = tags.first {
            queries.append(BenchListQuery(name: "tag-common", tags: [common]))
        }
        if tags.count > 150 {
            queries.append(BenchListQuery(name: "tag-rare", tags: [tags[150]]))
        }
        let middle = BenchTime.datasetStart + BenchTime.datasetSpan / 2
        queries.append(
            BenchListQuery(
                name: "task-occurred-30-day-range", types: task,
                occurredAfter: BenchTime.timestamp(milliseconds: middle),
                occurredBefore: BenchTime.timestamp(milliseconds: middle + 30 * BenchTime.day), sort: .occurredAt,
                descending: false))
        queries.append(
            BenchListQuery(
                name: "task-status-eq-todo", types: task,
                property: .init(name: "status", op: .equals, value: "todo"), sort: .updatedAt))
        queries.append(
            BenchListQuery(
                name: "note-title-contains", types: note,
                property: .init(name: "title", op: .contains, value: containsNeedle(dataset))))
        if let root = largestSubtreeRoot(dataset.edges) {
            queries.append(BenchListQuery(name: "beneath-largest-subtree", beneath: root))
        }
        queries.append(BenchListQuery(name: "feed-tier", tier: .feed))
        queries.append(
            BenchListQuery(name: "note-archived-updated-desc", types: note, states: [.archived], sort: .updatedAt))
        queries.append(BenchListQuery(name: "note-active-unbounded", types: note, limit: nil))
        return queries
    }

    /// Four ASCII letters from a mid-ranked word: a `contains` that keeps a few percent of titles.
    private static func containsNeedle(_ dataset: BenchDataset) -> String {
        let words = dataset.factory.text.vocabulary.words
        for rank in 40..<min(words.count, 400) {
            let word = words[rank]
            guard word.count >= 6, word.allSatisfy({ (0x61...0x7A).contains($0) }) else { continue }
            return String(decoding: word[1..<5], as: UTF8.self)
        }
        return "tion"
    }

    /// The item whose `parent-of` subtree is largest.
    private static func largestSubtreeRoot(_ edges: [Edge]) -> String? {
        var children: [String: [String]] = [:]
        var hasParent = Set<String>()
        for edge in edges where edge.edgeType == EdgeFactory.parentOf {
            children[edge.sourceId, default: []].append(edge.targetId)
            hasParent.insert(edge.targetId)
        }
        var best: (root: String, size: Int)?
        for root in children.keys.sorted() where !hasParent.contains(root) {
            var size = 0
            var pending = [root]
            while let next = pending.popLast() {
                for child in children[next] ?? [] {
                    size += 1
                    pending.append(child)
                }
            }
            if size > (best?.size ?? 0) { best = (root, size) }
        }
        return best?.root
    }
}
