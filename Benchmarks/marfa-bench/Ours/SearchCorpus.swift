import Glibc
import MarfaEngine
import MarfaRules

/// The normal form (`SearchText`) of every searchable item's search fields laid end to end, scanned by brute
/// force: the model the query set's hit counts come from, and the size of the brute-force ceiling.
///
/// Each item contributes the normal forms of its search fields (`SearchFields`: title, other string properties,
/// tags), each ended by a zero byte, so a term's pattern (`SearchQuery.Term.pattern`, which never holds a zero
/// byte) matches within one field only. Items are kept in id order. A scan looks for the pattern's rarest byte
/// with `memchr` and verifies with `memcmp`.
struct SearchCorpus: Sendable {
    /// The folded bytes.
    private(set) var bytes: [UInt8] = []
    /// Where each item's text starts, plus the end.
    private(set) var starts: [Int] = [0]
    /// The items' ids, in corpus order.
    private(set) var ids: [String] = []
    private var byteCounts = [Int](repeating: 0, count: 256)

    /// Folds every `active` item of `items` (the bin is never searched; other states are not the default).
    init(items: some Sequence<Item>) {
        let searchable = items.filter { $0.state == .active }.sorted { $0.id < $1.id }
        bytes.reserveCapacity(searchable.reduce(0) { $0 + Self.estimatedSize($1) })
        for item in searchable { append(item) }
        for byte in bytes { byteCounts[Int(byte)] += 1 }
    }

    /// Items in the corpus.
    var count: Int { ids.count }

    /// Bytes scanned by a full pass (the brute-force ceiling of benchmarks.md is this over memory bandwidth).
    var byteCount: Int { bytes.count }

    /// The corpus positions of items matching `query` under `SearchSemantics`, in id order.
    func matches(_ query: String) -> [Int] {
        let needles = SearchQuery(query).patterns.sorted { $0.count > $1.count }
        guard let first = needles.first else { return [] }
        var found = scan(first)
        for needle in needles.dropFirst() where !found.isEmpty {
            found = found.filter { contains(needle, document: $0) }
        }
        return found
    }

    /// A corpus of the first `limit` items, for cheap hit-rate estimates.
    func prefix(_ limit: Int) -> SearchCorpus {
        guard limit < count else { return self }
        var part = SearchCorpus()
        let end = starts[limit]
        part.bytes = Array(bytes[0..<end])
        part.starts = Array(starts[0...limit])
        part.ids = Array(ids[0..<limit])
        for byte in part.bytes { part.byteCounts[Int(byte)] += 1 }
        return part
    }

    private init() {}

    private mutating func append(_ item: Item) {
        for field in SearchFields.of(item, BuiltInCatalog.snapshot) {
            bytes.append(contentsOf: SearchText.normalize(field))
            bytes.append(0)
        }
        ids.append(item.id)
        starts.append(bytes.count)
    }

    private static func estimatedSize(_ item: Item) -> Int {
        (item.properties["title"]?.string?.utf8.count ?? 0) + (item.properties["body"]?.string?.utf8.count ?? 0) + 40
    }

    /// Every document holding `needle`, by one pass over the whole corpus.
    private func scan(_ needle: [UInt8]) -> [Int] {
        var found: [Int] = []
        var document = 0
        var position = 0
        while let at = find(needle, from: position, to: bytes.count) {
            while starts[document + 1] <= at { document += 1 }
            found.append(document)
            position = starts[document + 1]
        }
        return found
    }

    private func contains(_ needle: [UInt8], document: Int) -> Bool {
        find(needle, from: starts[document], to: starts[document + 1]) != nil
    }

    /// The first offset in `from..<to` where `needle` starts.
    private func find(_ needle: [UInt8], from: Int, to end: Int) -> Int? {
        let length = needle.count
        guard length > 0, end - from >= length else { return nil }
        var pivot = 0
        for index in needle.indices where byteCounts[Int(needle[index])] < byteCounts[Int(needle[pivot])] {
            pivot = index
        }
        let pivotByte = Int32(needle[pivot])
        return bytes.withUnsafeBufferPointer { haystack -> Int? in
            needle.withUnsafeBufferPointer { pattern -> Int? in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return nil }
                var cursor = from + pivot
                let lastStart = end - length
                while cursor < end - (length - 1 - pivot) {
                    guard let hit = memchr(base + cursor, pivotByte, end - (length - 1 - pivot) - cursor) else {
                        return nil
                    }
                    let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - pivot
                    if start >= from && start <= lastStart && memcmp(base + start, patternBase, length) == 0 {
                        return start
                    }
                    cursor = start + pivot + 1
                }
                return nil
            }
        }
    }
}
