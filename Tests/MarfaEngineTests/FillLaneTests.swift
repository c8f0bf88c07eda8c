@testable import MarfaEngine
import MarfaRules
import XCTest

/// `FillLane` (Decision 0098; the chaos drill's finding 5): a fill asked for while another runs starts only after
/// that one has ended, as drains do.
final class FillLaneTests: XCTestCase {
    private actor Steps {
        var taken: [String] = []
        func take(_ step: String) { taken.append(step) }
    }

    func testAFillAskedForWhileAnotherRunsStartsAfterItEnds_WC15_Issue27_3() async throws {
        let lane = FillLane()
        let steps = Steps()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let first = Task {
            try await lane.run {
                await steps.take("first begins")
                for await _ in gate { break }
                await steps.take("first ends")
            }
        }
        var began = false
        for _ in 0..<100_000 where !began {
            began = await steps.taken == ["first begins"]
            await Task.yield()
        }
        XCTAssertTrue(began, "the first fill runs")
        let firstAsked = await lane.last
        let second = Task { try await lane.run { await steps.take("second begins") } }
        var asked = false
        for _ in 0..<100_000 where !asked {
            asked = await lane.last != firstAsked
            await Task.yield()
        }
        XCTAssertTrue(asked, "the second fill is asked for while the first runs")
        for _ in 0..<1_000 { await Task.yield() }
        let whileFirstRuns = await steps.taken
        XCTAssertEqual(whileFirstRuns, ["first begins"], "the second waits")
        open.yield()
        open.finish()
        try await first.value
        try await second.value
        let taken = await steps.taken
        XCTAssertEqual(taken, ["first begins", "first ends", "second begins"])
    }
}
