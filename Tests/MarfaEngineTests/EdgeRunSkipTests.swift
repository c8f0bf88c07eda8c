import MarfaRules
import XCTest

@testable import MarfaEngine

final class EdgeRunSkipTests: XCTestCase {
    /// Stepping over a run of edges of every shape (unicode, empty and huge properties, every JSON kind, nested
    /// arrays and objects) stops exactly where decoding them does, before the first other change, so open's caller
    /// thread resumes at the right byte while the second thread decodes them (Decision 0024).
    func testSkippingARunOfEdgesEndsWhereDecodingItEnds() throws {
        let edges = [
            edge("e1", properties: [:]),
            edge("é2 ✓ 日本", properties: ["note": .string("naïve — ünïcödé 🚀"), "": .null]),
            edge("e3", properties: [
                "flag": .bool(true), "off": .bool(false), "count": .integer(-42), "ratio": .number(0.125),
                "list": .array([.integer(1), .string("x"), .array([]), .object(["deep": .object([:])])]),
            ]),
            edge("e4", properties: ["body": .string(String(repeating: "huge ", count: 200_000))]),
        ]
        let item = Item(
            id: "after", type: "core.note", occurredAt: "2026-01-01T00:00:00.000Z",
            createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z")
        let changes = edges.map(StoreChange.putEdge) + [.putItem(item), .putEdge(edge("e5", properties: [:]))]
        try assertSkipEndsWhereDecodingEnds(changes, run: edges.count, next: .putItem(item), StoreChange.skipEdgeRun)
    }

    /// The skip passes no more than `limit` edges, and a run cut short is refused `store_corrupt`.
    func testTheSkipHonoursItsLimitAndRefusesACutRun() throws {
        let bytes = StoreChange.encode((1...3).map { .putEdge(edge("e\($0)", properties: ["n": .integer(Int64($0))])) })
        var limited = ByteReader(bytes)
        _ = try limited.readCount()
        XCTAssertEqual(try StoreChange.skipEdgeRun(in: &limited, limit: 2), 2)
        XCTAssertFalse(limited.isAtEnd, "the witness: the third edge is left")
        var cut = ByteReader(Array(bytes.dropLast(3)))
        _ = try cut.readCount()
        XCTAssertThrowsError(try StoreChange.skipEdgeRun(in: &cut, limit: 3)) { error in
            XCTAssertEqual((error as? MarfaError)?.code(), "store_corrupt")
        }
    }

    /// Stepping over a run of items of every shape (no tier, a source id, odd times, tags, nested properties)
    /// stops exactly where decoding them does, before the first other change, and passes no more than its limit:
    /// how open's second thread finds the items it decodes (Decision 0032).
    func testSkippingARunOfItemsEndsWhereDecodingItEnds() throws {
        let items = [
            Item(
                id: "i1", type: "core.note", occurredAt: "2026-01-01T00:00:00.000Z",
                createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z"),
            Item(
                id: "ï2 ✓", type: "core.task", properties: ["body": .string("naïve 🚀"), "n": .integer(-3),
                    "list": .array([.object(["deep": .number(0.5)]), .null])], state: .archived, tier: nil,
                version: 9, source: "import", sourceId: "k-2", occurredAt: "yesterday",
                createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-02T00:00:00.000Z", tags: ["a", "b c"]),
            Item(
                id: "i3", type: "core.note", properties: ["body": .string(String(repeating: "long ", count: 50_000))],
                occurredAt: "2026-01-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z",
                updatedAt: "2026-01-01T00:00:00.000Z"),
        ]
        let changes = items.map(StoreChange.putItem) + [.removeItem(id: "i1"), .putItem(items[0])]
        try assertSkipEndsWhereDecodingEnds(
            changes, run: items.count, next: .removeItem(id: "i1"), StoreChange.skipItemRun)
        var limited = ByteReader(StoreChange.encode(changes))
        _ = try limited.readCount()
        XCTAssertEqual(try StoreChange.skipItemRun(in: &limited, limit: 2), 2)
        XCTAssertEqual(try StoreChange.read(from: &limited), .putItem(items[2]), "the witness: the third is left")
    }

    /// Asserts that `skip` passes the first `run` of `changes` and stops where decoding them stops, before `next`.
    private func assertSkipEndsWhereDecodingEnds(
        _ changes: [StoreChange], run: Int, next: StoreChange,
        _ skip: (inout ByteReader, Int) throws(MarfaError) -> Int, line: UInt = #line
    ) throws {
        let bytes = StoreChange.encode(changes)
        var decoding = ByteReader(bytes)
        _ = try decoding.readCount()
        for _ in 0..<run { _ = try StoreChange.read(from: &decoding) }
        var skipping = ByteReader(bytes)
        let count = try skipping.readCount()
        XCTAssertEqual(try skip(&skipping, count), run, line: line)
        XCTAssertEqual(skipping.offset, decoding.offset, line: line)
        XCTAssertEqual(try StoreChange.read(from: &skipping), next, "the skip stops before the next change", line: line)
    }

    private func edge(_ id: String, properties: JSONObject) -> Edge {
        Edge(
            id: id, sourceId: "s-\(id)", targetId: "t-\(id)", edgeType: "references", properties: properties,
            version: 3, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-02T00:00:00.000Z")
    }
}
