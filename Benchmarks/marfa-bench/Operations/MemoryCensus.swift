import Foundation
import MarfaEngine
import MarfaRules

/// A census of where the copy's memory goes (`--memory-census`): heap bytes in use (glibc's `mallinfo2`) per item
/// for each part of a generated item, found by stripping the part from every item and counting what was freed,
/// then for the loaded copy and its word index, beside resident memory.
enum MemoryCensus {
    /// Prints one line per part: bytes per item.
    static func run(size: Int, seed: UInt64, directory: String) async throws {
        let vocabulary = try Vocabulary()
        var rows: [(String, Double)] = []
        func note(_ name: String, _ bytes: Int) { rows.append((name, Double(bytes) / Double(size))) }
        do {
            ProcessMemory.trim()
            let start = ProcessMemory.heapInUse()
            var items = generate(vocabulary: vocabulary, seed: seed, size: size)
            var last = ProcessMemory.heapInUse()
            note("generated items", last - start)
            func strip(_ name: String, _ body: (inout Item) -> Void) {
                for index in items.indices { body(&items[index]) }
                let now = ProcessMemory.heapInUse()
                note(name, last - now)
                last = now
            }
            strip("tags arrays") { $0.tags = [] }
            strip("id strings") { $0.id = "" }
            strip("property strings > 15 bytes") { item in
                for key in Array(item.properties.keys) where (item.properties[key]?.string?.utf8.count ?? 0) > 15 {
                    item.properties[key] = .string("")
                }
            }
            strip("properties dictionaries") { $0.properties = [:] }
            items = []
            note("item boxes", last - ProcessMemory.heapInUse())
        }
        let copy = try await MemoryChild.freshCopy(in: directory)
        ProcessMemory.trim()
        let heapBefore = ProcessMemory.heapInUse()
        let residentBefore = ProcessMemory.residentBytes()
        do {
            let edges = try await loadItems(into: copy, vocabulary: vocabulary, size: size, seed: seed, note: note)
            ProcessMemory.trim()
            note("copy after items: heap (edge list waiting)", ProcessMemory.heapInUse() - heapBefore)
            note("copy after items: resident", ProcessMemory.residentBytes() - residentBefore)
            try await loadEdges(edges, into: copy)
        }
        ProcessMemory.trim()
        let heapLoaded = ProcessMemory.heapInUse()
        note("copy after edges: heap", heapLoaded - heapBefore)
        note("copy after edges: resident", ProcessMemory.residentBytes() - residentBefore)
        let state = await copy.capturedState()
        parts(of: state, note: note)
        _ = try await copy.search("the", filters: SearchFilters(), limit: 20)
        ProcessMemory.trim()
        note("word index: heap", ProcessMemory.heapInUse() - heapLoaded)
        let wordBytes = await copy.wordIndexBytes()
        note("word index: store's count", wordBytes?.total ?? 0)
        note("  dictionary and word entries: store's count", wordBytes?.words ?? 0)
        note("  postings: store's count", wordBytes?.postings ?? 0)
        note("  row lengths: store's count", wordBytes?.rows ?? 0)
        note("  word pair filters of long rows: store's count", wordBytes?.pairs ?? 0)
        note("with word index: resident", ProcessMemory.residentBytes() - residentBefore)
        let heapWithWords = ProcessMemory.heapInUse()
        let status = FilterExpression(
            conditions: [FilterCondition(field: .property("status"), operator: .eq, value: .text("todo"))])
        _ = try await copy.list(ListFilters(filter: status.encoded(), limit: 20), sort: Sort())
        ProcessMemory.trim()
        note("status value index: heap", ProcessMemory.heapInUse() - heapWithWords)
        note("status value index: store's count", await copy.propertyValueIndexBytes() ?? 0)
        note("peak resident (absolute)", ProcessMemory.peakResidentBytes())
        await copy.close()
        for (name, value) in rows { print(String(format: "%-45@ %10.1f B/item", name as NSString, value)) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The dataset's items, the generator gone (so its list of ids holds none of theirs).
    private static func generate(vocabulary: Vocabulary, seed: UInt64, size: Int) -> [Item] {
        var generator = DatasetGenerator(vocabulary: vocabulary, seed: seed, size: size)
        var items: [Item] = []
        items.reserveCapacity(size)
        while let item = generator.nextItem() { items.append(item) }
        return items
    }

    /// Counts the parts of a loaded state by building each again beside it: the item table, the read indexes (built
    /// in bulk, so without the slack of growing one item at a time), the edge table and the word index (in bulk, so
    /// the same bytes whenever it runs).
    private static func parts(of state: CopyState, note: (String, Int) -> Void) {
        var start = ProcessMemory.heapInUse()
        var table = ItemTable()
        state.items.forEachRow { _, item in table[item.id] = item }
        note("  item table (id map, row pages), rebuilt", ProcessMemory.heapInUse() - start)
        start = ProcessMemory.heapInUse()
        let indexes = ReadIndexes(state: state)
        note("  read indexes, rebuilt in bulk", ProcessMemory.heapInUse() - start)
        var edges = EdgeTable()
        do {
            let edgeList = state.edges.values
            start = ProcessMemory.heapInUse()
            for edge in edgeList { edges.put(edge) }
            note("  edge table, rebuilt", ProcessMemory.heapInUse() - start)
            withExtendedLifetime(edgeList) {}
        }
        withExtendedLifetime((table, indexes, edges)) {}
        var words = WordIndex()
        words.insert(contentsOf: ReadIndexes.searchableRows(state))
        note("  word index, rebuilt in bulk: store's count", words.bytes.total)
    }

    /// Commits the items of the dataset to `copy` and answers its edges (noting what the list of them holds); the
    /// generator dies on return.
    private static func loadItems(
        into copy: CopyActor, vocabulary: Vocabulary, size: Int, seed: UInt64, note: (String, Int) -> Void
    ) async throws -> [Edge] {
        var generator = DatasetGenerator(vocabulary: vocabulary, seed: seed, size: size)
        var batch: [StoreChange] = []
        while let item = generator.nextItem() {
            batch.append(.putItem(item))
            if batch.count == 1000 {
                try await copy.commit(batch)
                batch = []
            }
        }
        if !batch.isEmpty { try await copy.commit(batch) }
        let before = ProcessMemory.heapInUse()
        let edges = generator.makeEdges()
        note("edge list to load (generator's)", ProcessMemory.heapInUse() - before)
        return edges
    }

    /// Commits `edges` to `copy`, which then holds the only reference to them.
    private static func loadEdges(_ edges: [Edge], into copy: CopyActor) async throws {
        for start in stride(from: 0, to: edges.count, by: 4000) {
            try await copy.commit(edges[start..<min(start + 4000, edges.count)].map { .putEdge($0) })
        }
    }
}
