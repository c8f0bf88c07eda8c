import Marfa
import MarfaTestSupport
import XCTest

/// The command line follow's waits and its aged-out cursor (issue 28 points 19 and 20, WC-79, Decision 0103), read
/// from the machine with an injected clock: an early end waits 1 s, doubling up to 30 s, and a cursor that ages out
/// after the follow confirmed it ends the follow as needing a hydration, where the app's copy refills in place.
final class CommandLinePolicyTests: XCTestCase {
    private let ended = MarfaError.streamIncomplete(reason: "closed", message: "the event stream ended")
    private let tooOld = MarfaError.copyExpired(reason: "catchup_too_old", message: "aged out")
    private let clock = ManualClock()

    /// A filled copy whose updates began and whose follow reached the head, so its cursor is confirmed.
    private func following(_ policy: ConnectionPolicy) -> ConnectionStateMachine {
        var machine = ConnectionStateMachine(start: .filled, policy: policy, clock: clock)
        _ = machine.handle(.updatesBegan)
        _ = machine.handle(.streamOpened)
        _ = machine.handle(.followCaughtUp)
        return machine
    }

    func testStreamsThatEndAtOnceWaitOneSecondDoublingUpToThirty_WC79_Issue28_19() throws {
        var machine = following(.commandLine)
        var waits: [Duration] = []
        for _ in 0..<8 {
            _ = machine.handle(.followFailed(ended))
            let due = try XCTUnwrap(machine.retryAt)
            waits.append(clock.now.duration(to: due))
            clock.advance(by: clock.now.duration(to: due))
            XCTAssertEqual(machine.handle(.tick).actions, [.connect])
            _ = machine.handle(.streamOpened)
        }
        XCTAssertEqual(waits, [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
    }

    func testAConfirmedCursorThatAgesOutNeedsAHydrationRatherThanARefill_WC79_Issue28_20() {
        var standard = following(.standard)
        XCTAssertEqual(standard.handle(.followFailed(tooOld)).actions, [.refill], "witness: the app's copy refills")
        var commandLine = following(.commandLine)
        XCTAssertEqual(
            commandLine.handle(.followFailed(tooOld)),
            ConnectionTransition(connection: .needsHydration(tooOld), actions: [.stop]))
    }
}
