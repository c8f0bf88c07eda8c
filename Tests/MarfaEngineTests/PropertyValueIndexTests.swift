import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// `eq` lists on a property take their candidates from the property value index (Decision 0050) and answer exactly
/// what evaluating every row answers (WC-56, WC-60): through values an `eq` compares byte by byte, values it reads as
/// JSON text, values it never equals, and every kind of change made after the index was built.
final class PropertyValueIndexTests: XCTestCase {
    private func eq(_ property: String, _ operand: FilterValue) -> FilterCondition {
        FilterCondition(field: .property(property), operator: .eq, value: operand)
    }

    /// A long text, past the index's key limit.
    private let long = String(repeating: "todo ", count: 20)

    /// Status values that meet `eq "todo"`, `eq "café"`, `eq "K"` and their neighbours in every way the rules
    /// separate: case, a trailing space, canonically equal but other bytes (NFD `café`, the Kelvin sign), numbers,
    /// Booleans, null, arrays and objects (read as JSON text), and a text past the key limit.
    private var statuses: [JSONValue?] {
        [
            .string("todo"), .string("todo"), .string("done"), .string("Todo"), .string("todo "),
            .string("caf\u{E9}"), .string("cafe\u{301}"), .string("K"), .string("\u{212A}"), .integer(1),
            .number(1.5), .bool(true), .null, nil, .array([.string("todo")]), .object(["a": .string("todo")]),
            .string(long),
        ]
    }

    private func item(_ number: Int, status: JSONValue?, kind: String, state: ItemState) -> Item {
        let time = Timestamp.string(from: Date(timeIntervalSince1970: 1_700_000_000 + Double(number * 37 % 5000)))
        var properties: JSONObject = ["kind": .string(kind)]
        properties["status"] = status
        return Item(
            id: String(format: "0190a1b2-0000-7000-8000-%012x", number), type: number % 3 == 0 ? "core.task" : "core.note",
            properties: properties, state: state, occurredAt: time, createdAt: time, updatedAt: time)
    }

    /// Every case as a list in each state choice, sort and limit, against evaluating every row; answers how many
    /// the value index narrowed and how many of those it decided without reading items.
    private func assertListsEqualAScan(
        _ cases: [FilterExpression], state: CopyState, indexes: inout ReadIndexes
    ) throws -> (narrowed: Int, decided: Int) {
        var narrowed = 0
        var decided = 0
        for expression in cases {
            for states in [nil, Set([ItemState.trashed]), Set(ItemState.allCases)] as [Set<ItemState>?] {
                for (limit, sort) in [(5, Sort()), (40, Sort(field: .updatedAt, direction: .ascending)),
                                      (10_000, Sort())] as [(UInt32, Sort)] {
                    let filters = ListFilters(
                        types: limit == 40 ? ["core.task"] : nil, states: states, filter: try expression.encoded(),
                        limit: limit)
                    let query = try ListQuery(filters, sort: sort, catalog: state.catalog, slice: nil)
                    for condition in EqualityCandidates.required(by: query) {
                        indexes.buildPropertyValues(condition.property, state: state)
                    }
                    let evaluator = try ListEvaluator(query: query, catalog: state.catalog, state: state)
                    let scanned = evaluator.rows(state: state).map(\.id)
                    for smallSetLimit in [0, 4096] {
                        let listed = try XCTUnwrap(IndexedList(
                            query: query, evaluator: evaluator, smallSetLimit: smallSetLimit
                        ).rows(items: state.items, catalog: state.catalog, indexes: indexes))
                        XCTAssertEqual(listed.map(\.id), scanned, "\(expression) \(String(describing: states)) \(limit)")
                    }
                    if let equal = EqualityCandidates.rows(for: query, in: indexes) {
                        narrowed += 1
                        if equal.decidesExpression { decided += 1 }
                    }
                }
            }
        }
        return (narrowed, decided)
    }

    /// The cases: each status operand alone, with a second `eq`, beside a `contains`, and in an `OR` (which does
    /// not narrow), plus operands only JSON text or the long text meets.
    private var cases: [FilterExpression] {
        let operands: [FilterValue] = [
            .text("todo"), .text("caf\u{E9}"), .text("K"), .text("[\"todo\"]"), .text("{\"a\":\"todo\"}"),
            .text(long), .text("absent"), .number(1),
        ]
        return operands.map { FilterExpression(conditions: [eq("status", $0)]) } + [
            FilterExpression(conditions: [eq("status", .text("todo")), eq("kind", .text("b"))]),
            FilterExpression(conditions: [
                eq("status", .text("todo")),
                FilterCondition(field: .property("kind"), operator: .contains, value: .text("a")),
            ]),
            FilterExpression(conditions: [eq("status", .text("todo")), eq("kind", .text("b"))], join: .any),
        ]
    }

    func testEqListsFromThePropertyValueIndexEqualAScanThroughEveryChange_WC56_WC60() throws {
        var state = CopyState()
        var indexes = ReadIndexes()
        let statuses = statuses
        let states: [ItemState] = [.active, .active, .archived, .trashed]
        for number in 0..<3000 {
            let status = statuses[number % statuses.count]
            let made = item(number, status: status, kind: ["a", "b"][number % 2], state: states[number % 4])
            CopyActor.apply(.putItem(made), to: &state, indexes: &indexes)
        }
        _ = try assertListsEqualAScan(cases, state: state, indexes: &indexes)
        XCTAssertNotNil(indexes.propertyValues.rows("status", equalTo: "todo"), "witness: the index is built")
        // Changes after the build, through the path commits, events and journal replay share: new values, values
        // that stop being text or start, removals, the bin and back, and new rows.
        var random = SplitMixRandom(seed: 3)
        for step in 0..<1500 {
            let number = random.below(3300)
            let id = String(format: "0190a1b2-0000-7000-8000-%012x", number)
            if step % 9 == 0 {
                CopyActor.apply(.removeItem(id: id), to: &state, indexes: &indexes)
                continue
            }
            var changed = state.items[id] ?? item(number, status: nil, kind: "a", state: .active)
            changed.properties["status"] = statuses[random.below(statuses.count)]
            changed.properties["kind"] = random.below(5) == 0 ? .integer(2) : .string(["a", "b"][random.below(2)])
            changed.state = states[random.below(states.count)]
            CopyActor.apply(.putItem(changed), to: &state, indexes: &indexes)
        }
        try indexes.checkInvariants(state: state)
        let (narrowed, decided) = try assertListsEqualAScan(cases, state: state, indexes: &indexes)
        // Every case but the number operand and the `OR` narrows; with arrays, objects and a long text among the
        // values, none is decided without reading the items.
        XCTAssertEqual(narrowed, 9 * 9, "witness: the value index narrowed the lists it can")
        XCTAssertEqual(decided, 0)
        // Once no row holds a long or structured status, a lone `eq` and two `eq`s are decided from the index.
        for row in state.items.rows.map(\.row) {
            guard var changed = state.items[row: row], let status = changed.property("status"),
                status.string.map({ $0.utf8.count > PropertyValueIndexes.keyLimit }) ?? (status.array != nil
                    || status.object != nil)
            else { continue }
            changed.properties["status"] = .string("todo")
            CopyActor.apply(.putItem(changed), to: &state, indexes: &indexes)
        }
        try indexes.checkInvariants(state: state)
        let exact = try assertListsEqualAScan(cases, state: state, indexes: &indexes)
        XCTAssertEqual(exact.decided, 8 * 9, "witness: lone and joined text `eq`s are decided from the index")
    }

    /// A property with more distinct short texts than the limit is not indexed, whether it has them when first
    /// named or reaches them through later writes; its lists still equal a scan.
    func testAPropertyPastTheValueLimitIsRefusedAndListsStillEqualAScan_WC56() throws {
        var state = CopyState()
        var indexes = ReadIndexes()
        let limit = PropertyValueIndexes.valueLimit
        for number in 0..<(limit + 10) {
            var made = item(number, status: .string("s\(number % limit)"), kind: "k\(number)", state: .active)
            made.properties["code"] = .string("c\(number % 3)")
            CopyActor.apply(.putItem(made), to: &state, indexes: &indexes)
        }
        let named: [FilterExpression] = [
            FilterExpression(conditions: [eq("kind", .text("k7"))]),
            FilterExpression(conditions: [eq("status", .text("s7"))]),
        ]
        _ = try assertListsEqualAScan(named, state: state, indexes: &indexes)
        XCTAssertTrue(indexes.propertyValues.refuses("kind"), "more texts than the limit when first named")
        XCTAssertNotNil(indexes.propertyValues.rows("status", equalTo: "s7"), "witness: exactly the limit is indexed")
        var over = try XCTUnwrap(state.items[row: 0])
        over.properties["status"] = .string("one more")
        CopyActor.apply(.putItem(over), to: &state, indexes: &indexes)
        XCTAssertNil(indexes.propertyValues.rows("status", equalTo: "s7"), "one text past the limit drops the index")
        XCTAssertTrue(indexes.propertyValues.refuses("status"))
        _ = try assertListsEqualAScan(named, state: state, indexes: &indexes)
        try indexes.checkInvariants(state: state)
    }

    /// Through the actor: an `eq` list builds the index, later commits keep it current, and a reopened copy (its
    /// journal replayed) lists the same rows.
    func testEqListsThroughCommitsAndReopenEqualAScan_WC56() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var copy = try await CopyActor.open(at: url, origin: nil)
        let statuses = statuses
        try await copy.commit((0..<600).map { number in
            .putItem(item(number, status: statuses[number % statuses.count], kind: "a", state: .active))
        })
        let filters = ListFilters(filter: try FilterExpression(conditions: [eq("status", .text("todo"))]).encoded(),
                                  limit: 30)
        let first = try await copy.list(filters, sort: Sort())
        let built = await copy.indexes.propertyValues.rows("status", equalTo: "todo")
        XCTAssertNotNil(built, "witness: an eq list builds the index")
        try await copy.commit((0..<200).map { number in
            .putItem(item(number * 3, status: .string(number % 2 == 0 ? "todo" : "done"), kind: "a", state: .active))
        })
        func scan(_ copy: CopyActor) async throws -> [String] {
            let state = await copy.state
            let query = try ListQuery(filters, sort: Sort(), catalog: state.catalog, slice: nil)
            return try ListEvaluator(query: query, catalog: state.catalog, state: state).rows(state: state).map(\.id)
        }
        let second = try await copy.list(filters, sort: Sort())
        let expected = try await scan(copy)
        XCTAssertEqual(second.rows.map(\.id), expected)
        XCTAssertNotEqual(first.rows.map(\.id), second.rows.map(\.id), "witness: the commits changed the answer")
        await copy.close()
        copy = try await CopyActor.open(at: url, origin: nil)
        let reopened = try await copy.list(filters, sort: Sort())
        XCTAssertEqual(reopened.rows.map(\.id), expected)
        await copy.close()
    }
}
