import MarfaRules
import XCTest

@testable import MarfaEngine

final class SnapshotEncoderTests: XCTestCase {
    /// The streamed snapshot payload decodes to exactly the state's changes, so a snapshot written in chunks
    /// restores like one written whole (Q-1: what was written survives a restart).
    func testChunkedSnapshotEncodingDecodesToTheStatesChanges() throws {
        var generator = SeededChanges(seed: 21)
        var state = CopyState()
        for _ in 0..<12_000 { state.apply(.putItem(generator.item(id: generator.id()))) }
        for _ in 0..<4000 { state.apply(generator.change()) }
        // Written from its record like every edge (Decision 0069), with ids and times that are not in compact form.
        state.apply(
            .putEdge(
                Edge(
                    id: "edge-é", sourceId: "0190A1B2-C3D4-7E5F-8A9B-0C1D2E3F4A5B", targetId: "t", edgeType: "tagged",
                    properties: ["n": .number(1)], version: 7, createdAt: "2026-01-01T00:00:00Z",
                    updatedAt: "1969-12-31T23:59:59.999Z")))
        var chunks: [[UInt8]] = []
        SnapshotEncoder.encode(state) { chunks.append(Array($0)) }
        XCTAssertGreaterThan(
            chunks.count, 1, "the witness: the state is big enough to need several chunks")
        // Compared decoded: the catalog goes as JSON text whose key order may differ from one encoding to the next.
        XCTAssertEqual(try StoreChange.decode(chunks.flatMap { $0 }), state.asChanges)
    }
}
