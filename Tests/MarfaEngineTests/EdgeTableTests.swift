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
