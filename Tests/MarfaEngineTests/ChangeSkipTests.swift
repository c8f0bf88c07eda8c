import MarfaRules
import XCTest

@testable import MarfaEngine

final class ChangeSkipTests: XCTestCase {
    /// Stepping over changes of every shape (edges and items with unicode, empty and huge properties, every JSON
    /// kind, nested arrays and objects; other changes) stops exactly where decoding each one does and answers its
    /// tag, so open cuts a snapshot payload into pieces at changes' ends (Decision 0052).
    func testSkippingEachChangeEndsWhereDecodingItEnds() throws {
        let edges = [
            edge("e1", properties: [:]),
            edge("é2 ✓ 日本", properties: ["note": .string("naïve — ünïcödé 🚀"), "": .null]),
            edge("e3", properties: [
                "flag": .bool(true), "off": .bool(false), "count": .integer(-42), "ratio": .number(0.125),
                "list": .array([.integer(1), .string("x"), .array([]), .object(["deep": .object([:])])]),
            ]),
            edge("e4", properties: ["body": .string(String(repeating: "huge ", count: 200_000))]),
        ]
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
        let others: [StoreChange] = [
            .removeItem(id: "i1"), .setCursor("c-9"), .putExtension(itemId: "i3", namespace: "n", body: ["k": .null]),
        ]
        let changes = edges.map(StoreChange.putEdge) + items.map(StoreChange.putItem) + others
        let bytes = StoreChange.encode(changes)
        var decoding = ByteReader(bytes)
        var skipping = ByteReader(bytes)
        XCTAssertEqual(try decoding.readCount(), try skipping.readCount())
        for change in changes {
            let tag = try StoreChange.skip(from: &skipping)
            XCTAssertEqual(try StoreChange.read(from: &decoding), change)
            XCTAssertEqual(skipping.offset, decoding.offset, "\(change)")
            switch change {
            case .putEdge: XCTAssertEqual(tag, StoreChange.putEdgeTag)
            case .putItem: XCTAssertEqual(tag, StoreChange.putItemTag)
            default: XCTAssertFalse([StoreChange.putEdgeTag, StoreChange.putItemTag].contains(tag), "\(change)")
            }
        }
        XCTAssertTrue(skipping.isAtEnd)
    }

    /// A change cut short (an edge, an item, another change) is refused `store_corrupt` by the skip, and the reader
    /// stays where the change starts.
    func testSkippingACutChangeIsRefusedStoreCorrupt() throws {
        let item = Item(
            id: "i1", type: "core.note", occurredAt: "2026-01-01T00:00:00.000Z",
            createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z")
        let changes: [StoreChange] = [.putEdge(edge("e1", properties: ["n": .integer(1)])), .putItem(item), .setPins(["p"])]
        for change in changes {
            let bytes = StoreChange.encode([change])
            var cut = ByteReader(bytes, end: bytes.count - 1)
            _ = try cut.readCount()
            let start = cut.offset
            XCTAssertThrowsError(try StoreChange.skip(from: &cut), "\(change)") { error in
                XCTAssertEqual((error as? MarfaError)?.code(), "store_corrupt")
            }
            XCTAssertEqual(cut.offset, start, "\(change)")
        }
    }

    private func edge(_ id: String, properties: JSONObject) -> Edge {
        Edge(
            id: id, sourceId: "s-\(id)", targetId: "t-\(id)", edgeType: "references", properties: properties,
            version: 3, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-02T00:00:00.000Z")
    }
}
