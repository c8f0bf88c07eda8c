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

    /// Lists each case out of the bin, in it and over every state, at each limit, and checks it equals evaluating
    /// every row; answers how many of those lists the word indexes narrowed.
    private func assertListsEqualAScan(
        _ cases: [[FilterCondition]], limits: [UInt32], in copy: CopyActor
    ) async throws -> Int {
        let state = await copy.state
        var narrowed = 0
        for conditions in cases {
            for states in [nil, Set([ItemState.trashed]), Set(ItemState.allCases)] as [Set<ItemState>?] {
                for limit in limits {
                    let filters = ListFilters(states: states, filter: try filter(conditions), limit: limit)
                    let listed = try await copy.list(filters, sort: Sort())
                    let query = try ListQuery(filters, sort: Sort(), catalog: state.catalog, slice: nil)
                    let scanned = try ListEvaluator(query: query, catalog: state.catalog, state: state)
                        .rows(state: state)
                    XCTAssertEqual(listed.rows.map(\.id), scanned.map(\.id), "\(conditions) \(String(describing: states))")
                    if await ContainsCandidates.rows(for: query, in: copy.indexes, catalog: state.catalog) != nil { narrowed += 1 }
                }
            }
        }
        return narrowed
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
        let cases: [[FilterCondition]] = [
            [contains("body", "zeph")], [contains("body", "ZEPHYRS")], [contains("body", "caf")],
            [contains("body", "quartzi")], [contains("code", "42")], [contains("thumbnail", "phyr-1")],
            [contains("body", "x-r"), contains("title", "a")], [contains("body", "rger")], [contains("body", "é")],
        ]
        let narrowed = try await assertListsEqualAScan(cases, limits: [10_000], in: copy)
        // Every list that leaves the bin out narrows, but for the one-letter operand `é` (nothing to narrow by).
        XCTAssertEqual(narrowed, 8, "witness: the word index narrowed the lists it can")
        let found = try await copy.list(ListFilters(filter: try filter([contains("body", "zeph")])), sort: Sort())
        XCTAssertGreaterThan(found.count, 100, "witness: a narrowed list finds its rows")
        await copy.close()
    }

    /// A `contains` on the title reads the title's own word index (Decision 0042): its candidates are the rows
    /// whose title can hold the operand, not every row whose body can, and the lists stay equal to a scan of every
    /// row through retitles, titles that stop being text, removals and the bin after the index was built.
    func testTitleContainsListsReadTheTitlesOwnWordIndexAndEqualAScan_P26() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        var generator = SeededChanges(seed: 7)
        var random = SplitMixRandom(seed: 11)
        let words = ["Zephyr", "zephyrs", "café", "CAFE", "x-ray", "quartz", "Ärger", "plain", "elipse", "42"]
        func text(_ count: Int) -> String {
            (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        var batch: [StoreChange] = []
        for index in 0..<4000 {
            var item = generator.item(id: generator.id())
            item.properties["title"] = index % 13 == 0 ? .integer(Int64(index % 100)) : .string(text(2))
            item.properties["body"] = .string("zephyr quartz " + text(4))
            batch.append(.putItem(item))
        }
        try await copy.commit(batch)
        let first = ListFilters(filter: try filter([contains("title", "zeph")]), limit: 10_000)
        _ = try await copy.list(first, sort: Sort())
        let titleIndexOnly = await (copy.indexes.words == nil, copy.indexes.propertyWords["title"] != nil)
        XCTAssertTrue(titleIndexOnly == (true, true), "a title contains builds the title's index, not the shared one")
        let built = await copy.state
        var edits: [StoreChange] = []
        for (position, id) in built.items.keys.sorted().prefix(400).enumerated() {
            var item = try XCTUnwrap(built.items[id])
            switch position % 5 {
            case 0: item.properties["title"] = .string("late quartzite \(id.suffix(3))")
            case 1: item.properties["title"] = .integer(42)
            case 2: item.properties["title"] = nil
            case 3: item.state = item.state == .trashed ? .active : .trashed
            default:
                edits.append(.removeItem(id: id))
                continue
            }
            edits.append(.putItem(item))
        }
        try await copy.commit(edits)
        let state = await copy.state
        let cases: [[FilterCondition]] = [
            [contains("title", "zeph")], [contains("title", "ZEPHYRS")], [contains("title", "caf")],
            [contains("title", "quartzi")], [contains("title", "42")], [contains("title", "x-r")],
            [contains("title", "rger")], [contains("title", "r z")], [contains("title", "lips")],
            [contains("title", "zeph"), contains("body", "elip")],
        ]
        _ = try await assertListsEqualAScan(cases, limits: [5, 10_000], in: copy)
        // The candidates are exactly the titles holding the word (and those that are not text, which a `contains`
        // reads as text), though every body holds `zephyr`.
        let query = try ListQuery(ListFilters(filter: try filter([contains("title", "zeph")])), sort: Sort(),
                                  catalog: state.catalog, slice: nil)
        let indexes = await copy.indexes
        let candidates = try XCTUnwrap(ContainsCandidates.rows(for: query, in: indexes, catalog: state.catalog))
        let titled = state.items.rows.filter { entry in
            guard let title = entry.item.property("title") else { return false }
            guard let text = title.string else { return true }
            return entry.item.state != .trashed && SearchText.containsIgnoringASCIICase(text, "zeph")
        }
        XCTAssertEqual(candidates.count, titled.count, "witness: the title's own words narrow")
        XCTAssertGreaterThan(titled.count, 500, "witness: many titles hold the operand")
        await copy.close()
    }
}
