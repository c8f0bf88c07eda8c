import MarfaRules
import XCTest

@testable import MarfaEngine

final class SnapshotEncoderTests: XCTestCase {
    /// The streamed snapshot payload decodes to exactly the state's changes, so a snapshot written in chunks
    /// restores like one written whole (WC-1: the copy survives a restart).
    func testChunkedSnapshotEncodingDecodesToTheStatesChanges() throws {
        var generator = SeededChanges(seed: 21)
        var state = CopyState()
        for _ in 0..<12_000 { state.apply(.putItem(generator.item(id: generator.id()))) }
        for _ in 0..<4000 { state.apply(generator.change()) }
        var chunks: [[UInt8]] = []
        SnapshotEncoder.encode(state) { chunks.append(Array($0)) }
        XCTAssertGreaterThan(
            chunks.count, 1, "the witness: the state is big enough to need several chunks")
        // Compared decoded: the catalog goes as JSON text whose key order may differ from one encoding to the next.
        XCTAssertEqual(try StoreChange.decode(chunks.flatMap { $0 }), state.asChanges)
    }
}
