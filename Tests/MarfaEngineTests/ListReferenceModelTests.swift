import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// The indexed list path against the brute-force evaluation of the same rules, on seeded random data.
final class ListReferenceModelTests: XCTestCase {
    func testEveryIndexedListEqualsTheBruteForceEvaluation_WC50_WC53_F045() throws {
        var generator = SeededChanges(seed: 42)
        var state = CopyState()
        var indexes = ReadIndexes()
        for _ in 0..<5000 {
            let item = generator.item(id: generator.id())
            let old = state.items[item.id]
            state.apply(.putItem(item))
            indexes.reflect(old: old, new: item, catalog: state.catalog)
        }
        for _ in 0..<2000 {
            guard let id = generator.itemIds.randomElement() ?? state.items.keys.first else { break }
            var item = try XCTUnwrap(state.items[id] ?? state.items.values.first)
            item.updatedAt = Timestamp.string(from: Date(timeIntervalSince1970: 1_700_000_000 + Double.random(in: 0...9_000_000)))
            item.state = [.active, .archived, .trashed].randomElement() ?? .active
            let old = state.items[item.id]
            state.apply(.putItem(item))
            indexes.reflect(old: old, new: item, catalog: state.catalog)
        }
        try indexes.checkInvariants(state: state)
        var random = SplitMixRandom(seed: 7)
        let times = ["2023-11-20T00:00:00Z", "2023-12-15T12:00:00Z", "2024-01-10T00:00:00Z", "2024-02-01T00:00:00Z"]
        var compared = 0
        for _ in 0..<400 {
            let fields: [SortField] = [.createdAt, .updatedAt, .occurredAt]
            let pick = random.below(3)
            let stateChoice = random.below(4)
            let filters = ListFilters(
                types: random.below(3) == 0 ? ["core.task"] : nil,
                states: stateChoice == 0 ? [.archived] : nil, allStates: stateChoice == 1,
                tier: random.below(4) == 0 ? .feed : nil, tags: random.below(5) == 0 ? ["alpha"] : [],
                occurredAfter: random.below(3) == 0 ? times[random.below(times.count)] : nil,
                occurredBefore: random.below(3) == 0 ? times[random.below(times.count)] : nil,
                updatedBefore: random.below(4) == 0 ? times[random.below(times.count)] : nil,
                filter: random.below(5) == 0 ? "properties.rank gt 500" : nil,
                limit: random.below(4) == 0 ? nil : UInt32(1 + random.below(60)),
                offset: random.below(3) == 0 ? UInt32(random.below(30)) : nil)
            let sort = Sort(field: fields[pick], direction: random.below(2) == 0 ? .ascending : .descending)
            let query = try ListQuery(filters, sort: sort, catalog: state.catalog, slice: nil)
            let evaluator = try ListEvaluator(query: query, state: state)
            let indexed = try XCTUnwrap(IndexedList(query: query, state: state, indexes: indexes, evaluator: evaluator).rows())
            let expected = evaluator.rows()
            XCTAssertEqual(indexed.map(\.id), expected.map(\.id), "\(filters) \(sort)")
            compared += expected.count
        }
        XCTAssertGreaterThan(compared, 2000, "witness: the queries returned rows to compare")
    }
}
