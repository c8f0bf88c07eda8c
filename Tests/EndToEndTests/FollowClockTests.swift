import Foundation
@testable import Marfa
import MarfaTestSupport
import XCTest

/// The follow's retries are timed by the clock it is given (issue 27.4, seed 003): against an unreachable instance
/// it sleeps on that clock, and tries again only when the clock reaches the retry.
final class FollowClockTests: XCTestCase {
    func testAnOfflineFollowRetriesWhenTheInjectedClockReachesTheRetry_Issue27_4() async throws {
        let harness = try await InstanceHarness()
        defer { Task { await harness.shutdown() } }
        let (filled, _) = try await harness.hydratedCopy()
        await filled.close()
        await harness.instance.stop()

        let clock = ManualClock()
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server, clock: clock)
        let updates = copy.updates()
        await eventually(10, "the follow to fail once and sleep on the clock") { clock.sleeping == 1 }
        expectEqual(await copy.follow.counters.opens, 1)

        clock.advance(by: .seconds(4))
        XCTAssertEqual(clock.sleeping, 1, "4 s of the 5 s backoff: still asleep")
        clock.advance(by: .seconds(1))
        await eventually(10, "the retry at 5 s") { await copy.follow.counters.opens == 2 }
        withExtendedLifetime(updates) {}
        await copy.close()
    }
}
