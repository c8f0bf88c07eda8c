import MarfaRules
import XCTest
@testable import MarfaEngine

/// `EdgeTable` answers like a map of edges by id with sets of ids by source, target and type, through random
/// puts, moves and removals (the adjacency `edges(from:)`, `edges(to:)` and `beneath` read, WC-47, WC-61).
final class EdgeTableTests: XCTestCase {
    private static let types = ["parent-of", "references", "blocks"]

    private func id(_ number: Int) -> String {
        let hex = String(number, radix: 16)
        return "0190a5b2-7c3e-7d41-8a2b-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    func testRandomPutsMovesAndRemovalsKeepTheChainsLikeSets() throws {
        var table = EdgeTable()
        var model: [String: Edge] = [:]
        var random = SplitMixRandom(seed: 23)
        for step in 0..<6000 {
            let edgeId = random.below(10) == 0 ? "edge-\(random.below(50))" : id(random.below(2000))
            if random.below(4) == 0 {
                XCTAssertEqual(table.remove(id: edgeId), model.removeValue(forKey: edgeId))
            } else {
                let edge = Edge(
                    id: edgeId, sourceId: id(10_000 + random.below(300)), targetId: id(20_000 + random.below(300)),
                    edgeType: Self.types[random.below(3)], version: Int64(step),
                    createdAt: "2026-01-0\(1 + random.below(9))T00:00:00.000Z", updatedAt: "2026-02-01T00:00:00.000Z")
                XCTAssertEqual(table.put(edge), model.updateValue(edge, forKey: edgeId))
            }
            if step % 1000 == 0 { try table.checkInvariants() }
        }
        let captured = table
        if let first = model.keys.first { table.remove(id: first) }
        table = captured
        try table.checkInvariants()
        XCTAssertEqual(table.count, model.count)
        for (edgeId, edge) in model { XCTAssertEqual(table[edgeId], edge) }
        XCTAssertEqual(Set(table.keys), Set(model.keys))
        for item in 0..<300 {
            let source = id(10_000 + item)
            let target = id(20_000 + item)
            XCTAssertEqual(Set(table.edges(from: source)), Set(model.values.filter { $0.sourceId == source }))
            XCTAssertEqual(Set(table.edges(to: target)), Set(model.values.filter { $0.targetId == target }))
            XCTAssertEqual(
                EdgeAdjacency(table, .from)[source], Set(model.values.filter { $0.sourceId == source }.map(\.id))
                    .nilWhenEmpty)
        }
        for type in Self.types {
            XCTAssertEqual(Set(table.edges(ofType: type)), Set(model.values.filter { $0.edgeType == type }))
        }
        XCTAssertTrue(table.edges(from: id(99_999)).isEmpty, "an item with no edges")
        // `beneath` walks many items' chains side by side (Decision 0067): each edge of the type from a named item
        // gives its target once, an item with no edges gives nothing.
        let sources = (0..<300).filter { $0 % 3 != 0 }.map { id(10_000 + $0) } + [id(99_999)]
        let named = Set(sources)
        for type in Self.types {
            var walked: [String] = []
            table.forEachTarget(fromEach: sources.map(ItemKey.init), ofType: type) {
                walked.append(EdgeRecord.text(of: $0))
            }
            let expected = model.values.filter { $0.edgeType == type && named.contains($0.sourceId) }.map(\.targetId)
            XCTAssertFalse(expected.isEmpty, "witness: the named items have edges of \(type)")
            XCTAssertEqual(walked.sorted(), expected.sorted(), type)
        }
    }

    /// `beneath` takes the item and everything below it along `parent-of` edges, a level at a time (Decision 0067):
    /// cycles, self-edges and edges back into the subtree end the walk, other edge types are not followed (WC-61).
    func testTheSubtreeWalkEndsAtCyclesAndFollowsParentOfOnly_WC61() {
        var state = CopyState()
        let parentOf = [(1, 2), (2, 3), (3, 1), (3, 3), (2, 4), (4, 5), (5, 2), (1, 6), (7, 1), (6, 6)]
        for (number, pair) in parentOf.enumerated() {
            state.apply(.putEdge(edge(number, from: pair.0, to: pair.1, type: "parent-of")))
        }
        state.apply(.putEdge(edge(100, from: 4, to: 8, type: "references")))
        func subtree(_ root: Int) -> Set<ItemKey> { ListEvaluator.subtree(of: id(root), in: state) }
        func keys(_ numbers: ClosedRange<Int>) -> Set<ItemKey> { Set(numbers.map { ItemKey(id($0)) }) }
        XCTAssertEqual(subtree(1), keys(1...6))
        XCTAssertEqual(subtree(7), keys(1...7))
        XCTAssertEqual(subtree(6), keys(6...6))
        XCTAssertEqual(subtree(4), keys(1...6), "through 5 back to 2, and from 3 to 1")
        XCTAssertEqual(subtree(9), keys(9...9), "an item with no edges")
    }

    private func edge(_ number: Int, from source: Int, to target: Int, type: String) -> Edge {
        Edge(
            id: id(50_000 + number), sourceId: id(source), targetId: id(target), edgeType: type, version: 1,
            createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z")
    }

    /// The table holds ids as UUID bits and canonical times as numbers (Decision 0028): every other id or time
    /// comes back exactly as given, an uppercase UUID stays apart from its lowercase twin, and readers of ends get
    /// the same texts as the edges.
    func testOddIdsAndTimesComeBackExactlyAsGiven() throws {
        let lower = id(7)
        let upper = lower.uppercased()
        let edges = [
            Edge(
                id: upper, sourceId: lower, targetId: "host-1", edgeType: "a-type-name-longer-than-fifteen",
                properties: ["weight": .number(2)], version: 3, createdAt: "2026-01-01T00:00:00Z",
                updatedAt: "2026-01-01T00:00:00Z"),
            Edge(
                id: lower, sourceId: upper, targetId: lower, edgeType: "parent-of", version: 4,
                createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-03-04T05:06:07.089+00:00"),
            Edge(
                id: id(8), sourceId: lower, targetId: id(0xABCDEF), edgeType: "parent-of", version: 5,
                createdAt: "1999-12-31T23:59:59.999Z", updatedAt: "2026-02-28T12:00:00.500Z"),
        ]
        var state = CopyState()
        for edge in edges { state.apply(.putEdge(edge)) }
        try state.edges.checkInvariants()
        for edge in edges { XCTAssertEqual(state.edges[edge.id], edge) }
        XCTAssertNil(state.edges[id(8).uppercased()])
        XCTAssertEqual(Set(state.edges.edges(from: lower)), [edges[0], edges[2]])
        XCTAssertEqual(state.edges.edges(from: upper), [edges[1]])
        XCTAssertEqual(state.edges.edges(to: "host-1"), [edges[0]])
        let context = CopyFilterContext(state: state)
        XCTAssertEqual(context.edgeTargets(from: lower, edgeType: "parent-of"), [id(0xABCDEF)])
        XCTAssertEqual(context.edgeSources(to: lower, edgeType: "parent-of"), [upper])
        XCTAssertEqual(
            ListEvaluator.subtree(of: upper, in: state), Set([upper, lower, id(0xABCDEF)].map(ItemKey.init)))
    }

    func testStatesWithTheSameEdgesInAnotherOrderAreEqual() {
        let edges = (0..<40).map { number in
            Edge(
                id: id(number), sourceId: id(1000 + number % 7), targetId: id(2000 + number % 5),
                edgeType: Self.types[number % 3], createdAt: "2026-01-01T00:00:00.000Z",
                updatedAt: "2026-01-01T00:00:00.000Z")
        }
        var forward = CopyState()
        var backward = CopyState()
        for edge in edges { forward.apply(.putEdge(edge)) }
        for edge in edges.reversed() { backward.apply(.putEdge(edge)) }
        XCTAssertEqual(forward, backward)
        XCTAssertEqual(forward.edgesFrom, backward.edgesFrom)
        XCTAssertEqual(forward.edgesOfType, backward.edgesOfType)
        backward.apply(.removeEdge(id: id(3)))
        XCTAssertNotEqual(forward, backward)
        XCTAssertNotEqual(forward.edgesTo, backward.edgesTo)
    }
}

extension Set {
    /// Nil for an empty set, as the adjacency answers an item with no edges.
    fileprivate var nilWhenEmpty: Set? { isEmpty ? nil : self }
}
