import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// `contains` lists take their candidates from the word index and answer exactly what evaluating every row
/// answers (P-26, issue 3), through edits made after the index was built.
final class ContainsCandidatesTests: XCTestCase {
    private func filter(_ conditions: [FilterCondition], join: FilterExpression.Join = .all) throws -> String {
        try FilterExpression(conditions: conditions, join: join).encoded()
    }

    private func contains(_ property: String, _ operand: String) -> FilterCondition {
        FilterCondition(field: .property(property), operator: .contains, value: .text(operand))
    }

    func testContainsListsFromWordIndexCandidatesEqualAScanOfEveryRow_P26() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        var generator = SeededChanges(seed: 5)
        var random = SplitMixRandom(seed: 9)
        let words = ["Zephyr", "zephyrs", "café", "CAFE", "42", "x-ray", "quartz", "Ärger", "plain"]
        var batch: [StoreChange] = []
        for index in 0..<5000 {
            var item = generator.item(id: generator.id())
            let picked = (0..<3).map { _ in words[Int(random.next() % UInt64(words.count))] }
            item.properties["body"] = .string(picked.joined(separator: " "))
            if index % 7 == 0 { item.properties["code"] = .integer(Int64(random.next() % 500)) }
            if index % 11 == 0 { item.properties["thumbnail"] = .string("zephyr-\(index)") }
            batch.append(.putItem(item))
        }
        try await copy.commit(batch)
        _ = try await copy.list(ListFilters(filter: try filter([contains("body", "zeph")])), sort: Sort())
        let built = await copy.state
        var edits: [StoreChange] = []
        for id in built.items.keys.sorted().prefix(300) {
            var item = try XCTUnwrap(built.items[id])
            item.properties["body"] = .string("late quartzite \(id.suffix(3))")
            item.state = id.hasSuffix("2") ? .trashed : item.state
            edits.append(.putItem(item))
        }
        try await copy.commit(edits)
        let state = await copy.state
        let cases: [[FilterCondition]] = [
            [contains("body", "zeph")], [contains("body", "ZEPHYRS")], [contains("body", "caf")],
            [contains("body", "quartzi")], [contains("code", "42")], [contains("thumbnail", "phyr-1")],
            [contains("body", "x-r"), contains("title", "a")], [contains("body", "rger")], [contains("body", "é")],
        ]
        var narrowed = 0
        for conditions in cases {
            for states in [nil, Set([ItemState.trashed]), Set(ItemState.allCases)] as [Set<ItemState>?] {
                let filters = ListFilters(states: states, filter: try filter(conditions), limit: 10_000)
                let listed = try await copy.list(filters, sort: Sort())
                let query = try ListQuery(filters, sort: Sort(), catalog: state.catalog, slice: nil)
                let scanned = try ListEvaluator(query: query, catalog: state.catalog, state: state).rows(state: state)
                XCTAssertEqual(listed.rows.map(\.id), scanned.map(\.id), "\(conditions) in \(String(describing: states))")
                if await ContainsCandidates.rows(for: query, in: copy.indexes) != nil { narrowed += 1 }
            }
        }
        // Every list that leaves the bin out narrows, but for the one-letter operand `é` (nothing to narrow by).
        XCTAssertEqual(narrowed, 8, "witness: the word index narrowed the lists it can")
        let found = try await copy.list(ListFilters(filter: try filter([contains("body", "zeph")])), sort: Sort())
        XCTAssertGreaterThan(found.count, 100, "witness: a narrowed list finds its rows")
        await copy.close()
    }
}
