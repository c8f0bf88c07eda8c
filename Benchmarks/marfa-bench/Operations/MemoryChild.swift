import Foundation
import MarfaEngine
import MarfaRules

/// The child side of the memory measurement: load a fresh copy item by item, report resident memory; then build
/// the text indexes the way reads do (one search builds the word index, one title `contains` list the title's own
/// word index) and report it again, with the indexes' own byte counts and the process's peak.
enum MemoryChild {
    /// Loads `size` items of `seed` (and their edges) into a copy in `directory`; prints one JSON line.
    static func run(size: Int, seed: UInt64, directory: String) async throws {
        let vocabulary = try Vocabulary()
        let copy = try await freshCopy(in: directory)
        ProcessMemory.trim()
        let before = ProcessMemory.residentBytes()
        let encoded = try await load(into: copy, vocabulary: vocabulary, size: size, seed: seed)
        ProcessMemory.trim()
        let after = ProcessMemory.residentBytes()
        try await buildTextIndexes(copy)
        ProcessMemory.trim()
        let withText = ProcessMemory.residentBytes()
        let indexBytes = await copy.wordIndexBytes()?.total ?? 0
        let titleIndexBytes = await copy.propertyWordIndexBytes() ?? 0
        let valueIndexBytes = await copy.propertyValueIndexBytes() ?? 0
        let held = await copy.capturedState().items.count
        await copy.close()
        let report = MemoryOperation.ChildReport(
            items: held, residentBefore: before, residentAfter: after, residentWithTextIndexes: withText,
            residentPeak: ProcessMemory.peakResidentBytes(), wordIndexBytes: indexBytes,
            titleWordIndexBytes: titleIndexBytes, propertyValueIndexBytes: valueIndexBytes, encodedBytes: encoded)
        let line = try JSONEncoder().encode(report)
        print(String(decoding: line, as: UTF8.self))
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// An empty copy in `directory` (emptied first) that never writes a snapshot while it loads.
    static func freshCopy(in directory: String) async throws -> CopyActor {
        try? FileManager.default.removeItem(atPath: directory)
        var configuration = CopyConfiguration()
        configuration.snapshotThresholdBytes = .max
        return try await CopyActor.open(
            at: URL(fileURLWithPath: directory + "/store"), origin: nil, configuration: configuration)
    }

    /// Streams the items (then the edges) into `copy`; the generator and the edge list die on return, so they are
    /// not counted as the copy's memory.
    private static func load(into copy: CopyActor, vocabulary: Vocabulary, size: Int, seed: UInt64) async throws -> Int
    {
        var generator = DatasetGenerator(vocabulary: vocabulary, seed: seed, size: size)
        var encoded = 0
        var batch: [StoreChange] = []
        while let item = generator.nextItem() {
            batch.append(.putItem(item))
            if batch.count == 1000 {
                encoded += StoreChange.encode(batch).count
                try await copy.commit(batch)
                batch = []
            }
        }
        if !batch.isEmpty {
            encoded += StoreChange.encode(batch).count
            try await copy.commit(batch)
        }
        let edges = generator.makeEdges()
        for start in stride(from: 0, to: edges.count, by: 4000) {
            try await copy.commit(edges[start..<min(start + 4000, edges.count)].map { .putEdge($0) })
        }
        return encoded
    }

    /// One search, one list with a title `contains` and one with a `status eq`: the first builds the word index,
    /// the second the title's own word index (Decision 0042), the third the status value index (Decision 0050).
    private static func buildTextIndexes(_ copy: CopyActor) async throws {
        _ = try await copy.search("the", filters: SearchFilters(), limit: 20)
        let contains = FilterExpression(
            conditions: [FilterCondition(field: .property("title"), operator: .contains, value: .text("the"))])
        _ = try await copy.list(ListFilters(filter: contains.encoded(), limit: 20), sort: Sort())
        let status = FilterExpression(
            conditions: [FilterCondition(field: .property("status"), operator: .eq, value: .text("todo"))])
        _ = try await copy.list(ListFilters(filter: status.encoded(), limit: 20), sort: Sort())
    }
}
