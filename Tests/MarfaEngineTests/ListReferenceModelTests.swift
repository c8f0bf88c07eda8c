import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// The indexed list path against the brute-force evaluation of the same rules, on seeded random data.
final class ListReferenceModelTests: XCTestCase {
    /// Row facts, field postings, time and property sort indexes (their entries' briefs kept current through
    /// changes of type, state and tier alone, Decision 0063), tags and `beneath` (issue 3) against the evaluator,
    /// both through the sort-index walk and through the small candidate set.
    func testEveryIndexedListEqualsTheBruteForceEvaluation_WC50_WC53_F045() throws {
        var model = IndexedModel()
        var generator = SeededChanges(seed: 42)
        for _ in 0..<5000 {
            model.apply(.putItem(generator.item(id: generator.id())))
        }
        let ids = model.state.items.keys
        var random = SplitMixRandom(seed: 7)
        for name in ["rank", "title", "absent"] { model.indexes.buildPropertySort(name, state: model.state) }
        for step in 0..<2500 {
            let id = ids[random.below(ids.count)]
            if step % 10 == 0 {
                model.apply(.removeItem(id: id))
                continue
            }
            var item = model.state.items[id] ?? generator.item(id: id)
            if step % 5 == 1 {
                // Type, state or tier alone: every sort key stays, so only the entries' briefs change (0063).
                item.state = [.active, .archived, .trashed][random.below(3)]
                item.type = ["core.note", "core.task"][random.below(2)]
                item.tier = random.below(2) == 0 ? .feed : .library
                model.apply(.putItem(item))
                continue
            }
            item.updatedAt = Timestamp.string(
                from: Date(timeIntervalSince1970: 1_700_000_000 + Double(random.below(9_000_000))))
            item.state = [.active, .archived, .trashed][random.below(3)]
            item.source = ["seed", "import"][random.below(2)]
            item.properties["rank"] = random.below(4) == 0 ? nil : .integer(Int64(random.below(1000)))
            if random.below(4) == 0 { item.tags.append("rare") }
            model.apply(.putItem(item))
        }
        for (parent, child) in zip(ids.prefix(40), ids.dropFirst(1).prefix(40)) {
            model.state.apply(.putEdge(Edge(
                id: "edge-\(child)", sourceId: parent, targetId: child, edgeType: "parent-of", version: 1,
                createdAt: "2024-01-01T00:00:00Z", updatedAt: "2024-01-01T00:00:00Z")))
        }
        try model.indexes.checkInvariants(state: model.state)
        let times = ["2023-11-20T00:00:00Z", "2023-12-15T12:00:00Z", "2024-01-10T00:00:00Z", "2024-02-01T00:00:00Z"]
        let fields: [SortField] = [.createdAt, .updatedAt, .occurredAt, .property(name: "rank"), .property(name: "title"),
                                   .property(name: "absent")]
        var compared = 0
        var walked = 0
        var sorted = 0
        for _ in 0..<600 {
            let stateChoice = random.below(4)
            let filters = ListFilters(
                types: ([nil, ["core.task"], ["core.*"], ["core.note", "core.task"]] as [Set<String>?])[random.below(4)],
                states: stateChoice == 0 ? [.archived] : nil, allStates: stateChoice == 1,
                tier: random.below(4) == 0 ? .feed : nil, tags: [[], [], ["alpha"], ["rare"]][random.below(4)],
                occurredAfter: random.below(3) == 0 ? times[random.below(times.count)] : nil,
                occurredBefore: random.below(3) == 0 ? times[random.below(times.count)] : nil,
                source: [nil, nil, "import", "nobody"][random.below(4)],
                updatedBefore: random.below(4) == 0 ? times[random.below(times.count)] : nil,
                filter: random.below(5) == 0 ? "properties.rank gt 500" : nil,
                beneath: random.below(8) == 0 ? ids[random.below(3)] : nil,
                limit: random.below(4) == 0 ? nil : UInt32(1 + random.below(60)),
                offset: random.below(3) == 0 ? UInt32(random.below(30)) : nil)
            let sort = Sort(field: fields[random.below(fields.count)], direction: random.below(2) == 0 ? .ascending : .descending)
            let query = try ListQuery(filters, sort: sort, catalog: model.state.catalog, slice: nil)
            let evaluator = try ListEvaluator(query: query, catalog: model.state.catalog, state: model.state)
            let expected = evaluator.rows(state: model.state).map(\.id)
            for (smallSetLimit, weighsWalk) in [(0, true), (4096, false), (4096, true)] {
                let indexed = try XCTUnwrap(IndexedList(
                    query: query, evaluator: evaluator, smallSetLimit: smallSetLimit, weighsWalk: weighsWalk
                ).rows(items: model.state.items, catalog: model.state.catalog, indexes: model.indexes))
                XCTAssertEqual(
                    indexed.map(\.id), expected,
                    "\(filters) \(sort) small set ≤ \(smallSetLimit), weighing the walk: \(weighsWalk)")
            }
            compared += expected.count
            if RowFilter(query: query, indexes: model.indexes, items: model.state.items, catalog: model.state.catalog,
                         subtree: evaluator.subtree).candidates.map({ $0.count > 4096 }) ?? true {
                walked += 1
            } else {
                sorted += 1
            }
        }
        XCTAssertGreaterThan(compared, 2000, "witness: the queries returned rows to compare")
        XCTAssertGreaterThan(walked, 10, "witness: some queries walk a sort index even at the default limit")
        XCTAssertGreaterThan(sorted, 100, "witness: some queries sort a small candidate set at the default limit")
    }
}

/// A state and its read indexes, changed together as `CopyActor` changes them.
private struct IndexedModel {
    var state = CopyState()
    var indexes = ReadIndexes()

    mutating func apply(_ change: StoreChange) {
        switch change {
        case .putItem(let item):
            let old = state.items[item.id]
            state.apply(change)
            if let row = state.items.row(of: item.id) {
                indexes.reflect(row: row, old: old, new: item)
            }
        case .removeItem(let id):
            let row = state.items.row(of: id)
            let old = state.items[id]
            state.apply(change)
            if let row { indexes.reflect(row: row, old: old, new: nil) }
        default:
            state.apply(change)
        }
    }
}
