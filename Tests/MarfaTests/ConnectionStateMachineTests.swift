import Marfa
import MarfaTestSupport
import XCTest

final class ConnectionStateMachineTests: XCTestCase {
    private let network = MarfaError.network(message: "unreachable")
    private let otherNetwork = MarfaError.network(message: "reset by peer")
    private let forbidden = MarfaError.forbidden(code: "type_not_permitted", message: "no")
    private let unauthorized = MarfaError.unauthorized(code: "unauthorized", message: "bad key")
    private let tooOld = MarfaError.copyExpired(reason: "catchup_too_old", message: "aged out")
    private let reachChanged = MarfaError.copyExpired(reason: "reach_changed", message: "reach")
    private let instanceChanged = MarfaError.instanceChanged(expected: "a", got: "b", message: "another")

    private var clock = ManualClock()

    /// A filled copy whose updates began and whose follow is open.
    private func following() -> ConnectionStateMachine {
        var machine = ConnectionStateMachine(start: .filled, clock: clock)
        _ = machine.handle(.updatesBegan)
        _ = machine.handle(.streamOpened)
        _ = machine.handle(.followCaughtUp)
        return machine
    }

    private func at(_ seconds: Int64) -> ConnectionAction {
        .scheduleRetry(at: clock.now.advanced(by: .seconds(seconds)))
    }

    /// Lets the waiting retry run: advances to it, ticks, and checks the retry asked for `work`.
    private func runRetry(
        _ machine: inout ConnectionStateMachine, expecting work: ConnectionAction = .connect,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let due = machine.retryAt else { return XCTFail("no retry waits", file: file, line: line) }
        clock.advance(by: clock.now.duration(to: due))
        XCTAssertEqual(machine.handle(.tick).actions, [work], file: file, line: line)
    }

    override func setUp() {
        clock = ManualClock()
    }

    func testACopyWithNoServerOrAReaderStaysLocal_F120() {
        var machine = ConnectionStateMachine(start: .local, clock: clock)
        for input: ConnectionInput in [.updatesBegan, .followFailed(network), .keyChanged, .tick, .catchUpSucceeded] {
            XCTAssertEqual(machine.handle(input), ConnectionTransition(connection: .local, actions: []))
        }
        XCTAssertEqual(machine.handle(.closed).connection, .closed)
    }

    func testANeverFilledCopyNeedsHydrationAndDoesNothingUntilOne_F121() {
        var machine = ConnectionStateMachine(start: .needsHydration(nil), clock: clock)
        XCTAssertEqual(
            machine.handle(.updatesBegan), ConnectionTransition(connection: .needsHydration(nil), actions: []))
        XCTAssertEqual(machine.handle(.keyChanged).actions, [])
        XCTAssertEqual(
            machine.handle(.hydrationSucceeded), ConnectionTransition(connection: .following, actions: [.connect]))
    }

    func testANeverFilledCopyShowsTheFaultItsLastHydrationOrCatchUpMet_F121() {
        var machine = ConnectionStateMachine(start: .needsHydration(nil), clock: clock)
        _ = machine.handle(.updatesBegan)
        let wrongServer = MarfaError.wrongServer(expected: "a", got: "b", message: "other")
        XCTAssertEqual(
            machine.handle(.hydrationFailed(wrongServer, stillFilled: false)).connection, .needsHydration(wrongServer))
        XCTAssertEqual(machine.handle(.catchUpFailed(network)).connection, .needsHydration(network))
        XCTAssertEqual(
            machine.handle(.catchUpFailed(.invalid(message: "during a key change"))).connection,
            .needsHydration(network))
    }

    func testUpdatesBeginningConnectsAndTheServersAnswerFollows_F120_F122() {
        var machine = ConnectionStateMachine(start: .filled, clock: clock)
        XCTAssertEqual(
            machine.handle(.updatesBegan), ConnectionTransition(connection: .connecting, actions: [.connect]))
        XCTAssertEqual(machine.handle(.updatesBegan).actions, [], "a second sequence shares the follow")
        XCTAssertEqual(machine.handle(.streamOpened), ConnectionTransition(connection: .following, actions: []))
        XCTAssertEqual(machine.handle(.eventApplied), ConnectionTransition(connection: .following, actions: []))
    }

    func testReleasingEveryUpdatesSequenceStopsTheFollow_F109() {
        var machine = following()
        _ = machine.handle(.updatesBegan)
        _ = machine.handle(.followFailed(network))
        XCTAssertNotNil(machine.retryAt)
        XCTAssertEqual(machine.handle(.updatesEnded).actions, [], "one sequence is still held")
        XCTAssertEqual(machine.handle(.updatesEnded).actions, [.stop])
        XCTAssertNil(machine.retryAt)
        clock.advance(by: .seconds(3600))
        XCTAssertEqual(machine.handle(.tick).actions, [])
        XCTAssertEqual(
            machine.handle(.updatesBegan), ConnectionTransition(connection: .connecting, actions: [.connect]))
    }

    func testAPassingFailureGoesOfflineAndTheRetryWaitsFiveSeconds_F123() {
        var machine = following()
        XCTAssertEqual(
            machine.handle(.followFailed(network)),
            ConnectionTransition(connection: .offline(network), actions: [at(5)]))
        clock.advance(by: .seconds(4))
        XCTAssertEqual(machine.handle(.tick).actions, [], "not yet")
        clock.advance(by: .seconds(1))
        XCTAssertEqual(machine.handle(.tick), ConnectionTransition(connection: .offline(network), actions: [.connect]))
        XCTAssertEqual(machine.handle(.tick).actions, [], "a retry runs once")
        XCTAssertEqual(machine.handle(.streamOpened).connection, .following)
    }

    func testEachPassingFailureGoesOffline_F123() {
        let passing: [MarfaError] = [
            network, .unnamed(status: 502, message: "proxy"),
            .server(status: 503, code: "unavailable", message: "busy"),
            .streamIncomplete(reason: "server_stopping", message: "bye"),
            .rateLimited(code: "rate_limited", message: "slow", retryAfterSeconds: nil),
        ]
        for error in passing {
            var machine = following()
            XCTAssertEqual(machine.handle(.followFailed(error)).connection, .offline(error))
        }
    }

    func testOfflineBackoffDoublesFromFiveSecondsToFiveMinutes_F123() {
        var machine = following()
        var waits: [Int64] = []
        for _ in 0..<9 {
            let start = clock.now
            _ = machine.handle(.followFailed(network))
            waits.append(start.duration(to: machine.retryAt ?? start).components.seconds)
            runRetry(&machine)
        }
        XCTAssertEqual(waits, [5, 10, 20, 40, 80, 160, 300, 300, 300])
    }

    func testARateLimitIsWaitedOutEvenWhenLongerThanTheBackoff_F123() {
        var machine = following()
        let limited = MarfaError.rateLimited(code: "rate_limited", message: "slow", retryAfterSeconds: 60)
        XCTAssertEqual(
            machine.handle(.followFailed(limited)),
            ConnectionTransition(connection: .offline(limited), actions: [at(60)]))
        runRetry(&machine)
        XCTAssertEqual(machine.handle(.followFailed(network)).actions, [at(10)], "the backoff itself goes on doubling")
        runRetry(&machine)
        let brief = MarfaError.rateLimited(code: "rate_limited", message: "slow", retryAfterSeconds: 2)
        XCTAssertEqual(machine.handle(.followFailed(brief)).actions, [at(20)], "never sooner than the backoff either")
    }

    func testAFollowThatRanFiveMinutesStartsItsWaitsAgainFromFiveSeconds_F126() {
        var machine = following()
        for _ in 0..<3 {
            _ = machine.handle(.followFailed(network))
            runRetry(&machine)
        }
        _ = machine.handle(.streamOpened)
        clock.advance(by: .seconds(299))
        XCTAssertEqual(
            machine.handle(.followFailed(network)).actions, [at(40)], "witness: 4:59 of following is not enough")
        runRetry(&machine)
        _ = machine.handle(.streamOpened)
        clock.advance(by: .seconds(300))
        XCTAssertEqual(machine.handle(.followFailed(network)).actions, [at(5)])
    }

    func testALastingFaultStopsAndIsTriedAgainEveryFiveMinutes_F124() {
        let lasting: [MarfaError] = [
            forbidden, .store(message: "disk"), .noCatalog(message: "none"),
            .wrongServer(expected: "a", got: "b", message: "other"),
            .contractMismatch(served: "4", expected: "3", status: 200, writeSent: false, message: "contract"),
            .decoding(message: "garbled"), .server(status: 400, code: "bad_request", message: "bad"),
        ]
        for error in lasting {
            var machine = following()
            XCTAssertEqual(
                machine.handle(.followFailed(error)),
                ConnectionTransition(connection: .stopped(error), actions: [at(300)]))
        }
        var machine = following()
        _ = machine.handle(.followFailed(forbidden))
        runRetry(&machine)
        XCTAssertEqual(machine.handle(.followFailed(forbidden)).actions, [at(300)], "every 5 minutes, not doubling")
    }

    func testAStoppedCopyFollowsAgainOnlyOnceACatchUpSucceeds_F127() {
        var machine = following()
        _ = machine.handle(.followFailed(forbidden))
        runRetry(&machine)
        XCTAssertEqual(machine.handle(.streamOpened).connection, .stopped(forbidden))
        XCTAssertEqual(machine.handle(.eventApplied).connection, .stopped(forbidden), "never because an event arrived")
        XCTAssertEqual(machine.handle(.followCaughtUp), ConnectionTransition(connection: .following, actions: []))

        var appCaughtUp = following()
        _ = appCaughtUp.handle(.followFailed(forbidden))
        XCTAssertEqual(
            appCaughtUp.handle(.catchUpSucceeded), ConnectionTransition(connection: .following, actions: [.connect]))
        XCTAssertNil(appCaughtUp.retryAt)

        var hydrated = following()
        _ = hydrated.handle(.catchUpFailed(forbidden))
        XCTAssertEqual(hydrated.connection, .stopped(forbidden), "the app's own catch-up shows in the connection")
        XCTAssertEqual(
            hydrated.handle(.hydrationSucceeded), ConnectionTransition(connection: .following, actions: [.connect]))
    }

    func testWhileStoppedAPassingFailureLeavesTheOriginalErrorShowing_F128() {
        var machine = following()
        _ = machine.handle(.followFailed(forbidden))
        runRetry(&machine)
        XCTAssertEqual(
            machine.handle(.followFailed(network)),
            ConnectionTransition(connection: .stopped(forbidden), actions: [at(300)]))
        XCTAssertEqual(machine.handle(.catchUpFailed(otherNetwork)).connection, .stopped(forbidden))
        let store = MarfaError.store(message: "disk")
        XCTAssertEqual(
            machine.handle(.catchUpFailed(store)).connection, .stopped(store), "witness: a lasting one replaces it")
    }

    func testACanceledCallAKeyChangeOrTheAppsOwnArgumentsChangeNothing_F128() {
        let nothing: [MarfaError] = [
            .canceled(message: "canceled"), .invalid(message: "key change"),
            .validation(code: "validation_error", message: "bad", details: nil), .unknownType(message: "x.y"),
        ]
        for error in nothing {
            var live = following()
            XCTAssertEqual(
                live.handle(.catchUpFailed(error)), ConnectionTransition(connection: .following, actions: []))
            XCTAssertEqual(live.handle(.hydrationFailed(error, stillFilled: true)).connection, .following)
            var stopped = following()
            _ = stopped.handle(.followFailed(forbidden))
            XCTAssertEqual(
                stopped.handle(.catchUpFailed(error)),
                ConnectionTransition(connection: .stopped(forbidden), actions: []))
        }
        var witness = following()
        XCTAssertEqual(witness.handle(.catchUpFailed(network)).connection, .offline(network), "witness")
    }

    func testAHydrationThatLostTheFillNeedsAnother_F121() {
        var machine = following()
        let canceled = MarfaError.canceled(message: "canceled")
        XCTAssertEqual(
            machine.handle(.hydrationFailed(canceled, stillFilled: false)),
            ConnectionTransition(connection: .needsHydration(canceled), actions: [.stop]))
    }

    func testARefusedKeyWaitsForANewKey_F125() {
        var machine = following()
        XCTAssertEqual(
            machine.handle(.followFailed(unauthorized)),
            ConnectionTransition(connection: .keyRefused(unauthorized), actions: [.stop]))
        XCTAssertNil(machine.retryAt)
        clock.advance(by: .seconds(3600))
        XCTAssertEqual(machine.handle(.tick).actions, [])
        XCTAssertEqual(machine.handle(.catchUpFailed(network)).connection, .keyRefused(unauthorized))
        XCTAssertEqual(machine.handle(.followFailed(network)).connection, .keyRefused(unauthorized))
        XCTAssertEqual(machine.handle(.keyChanged), ConnectionTransition(connection: .connecting, actions: [.connect]))
        XCTAssertEqual(machine.handle(.streamOpened).connection, .following)
    }

    func testANewKeyConnectsAndStartsTheWaitsAgain_F122() {
        var machine = following()
        for _ in 0..<4 {
            _ = machine.handle(.followFailed(network))
            runRetry(&machine)
        }
        XCTAssertEqual(machine.handle(.keyChanged), ConnectionTransition(connection: .connecting, actions: [.connect]))
        XCTAssertEqual(machine.handle(.followFailed(network)).actions, [at(5)])
    }

    func testAStaleCopyRefillsItselfInPlace_F129() {
        var machine = following()
        XCTAssertEqual(
            machine.handle(.followFailed(tooOld)), ConnectionTransition(connection: .connecting, actions: [.refill]))
        XCTAssertEqual(
            machine.handle(.refillSucceeded), ConnectionTransition(connection: .connecting, actions: [.connect]))
        XCTAssertEqual(machine.handle(.streamOpened).connection, .following)
    }

    func testALateReportFromAStoppedFollowChangesNothing_F129() {
        var machine = following()
        _ = machine.handle(.followFailed(tooOld))
        XCTAssertEqual(machine.handle(.streamOpened).connection, .connecting, "the refill stands in for the follow")
        XCTAssertEqual(machine.handle(.followFailed(network)).actions, [])
        XCTAssertEqual(machine.handle(.updatesEnded).actions, [.stop])
        XCTAssertEqual(machine.handle(.refillFailed(.canceled(message: "stopped"))).connection, .connecting)
        XCTAssertEqual(machine.handle(.updatesBegan), ConnectionTransition(connection: .connecting, actions: [.refill]))
    }

    func testARefillHeldUpByTheNetworkIsTriedAgainFromOneSecondUpToFiveMinutes_F129() {
        var machine = following()
        _ = machine.handle(.followFailed(tooOld))
        var waits: [Int64] = []
        for _ in 0..<11 {
            let start = clock.now
            let step = machine.handle(.refillFailed(network))
            XCTAssertEqual(step.connection, .offline(network))
            waits.append(start.duration(to: machine.retryAt ?? start).components.seconds)
            runRetry(&machine, expecting: .refill)
            XCTAssertEqual(machine.connection, .connecting, "the refill shows as connecting while it runs")
        }
        XCTAssertEqual(waits, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300])
    }

    func testARefillThatCannotKeepEverythingLeavesTheCopyToTheApp_F130_F131() {
        for reason in [reachChanged, instanceChanged] {
            var machine = following()
            _ = machine.handle(.followFailed(tooOld))
            XCTAssertEqual(
                machine.handle(.refillFailed(reason)),
                ConnectionTransition(connection: .needsHydration(reason), actions: [.stop]))
            XCTAssertEqual(machine.handle(.updatesEnded).actions, [.stop])
            XCTAssertEqual(machine.handle(.updatesBegan).actions, [], "nothing until a hydration")
        }
    }

    func testACopyAlreadyStaleWhenTheFollowBeganIsLeftToTheApp_F131() {
        var opened = ConnectionStateMachine(start: .filled, clock: clock)
        _ = opened.handle(.updatesBegan)
        _ = opened.handle(.streamOpened)
        XCTAssertEqual(
            opened.handle(.followFailed(tooOld)),
            ConnectionTransition(connection: .needsHydration(tooOld), actions: [.stop]))

        var rekeyed = following()
        _ = rekeyed.handle(.keyChanged)
        _ = rekeyed.handle(.streamOpened)
        XCTAssertEqual(rekeyed.handle(.followFailed(tooOld)).connection, .needsHydration(tooOld))

        var witness = following()
        XCTAssertEqual(witness.handle(.followFailed(tooOld)).actions, [.refill], "witness: a confirmed cursor refills")
    }

    func testAnotherInstanceAtTheAddressNeedsHydration_F131() {
        var machine = following()
        XCTAssertEqual(
            machine.handle(.followFailed(instanceChanged)),
            ConnectionTransition(connection: .needsHydration(instanceChanged), actions: [.stop]))
    }

    func testARefillStoppedByALastingFaultIsTriedAgainAsARefill_F124_F129() {
        var machine = following()
        _ = machine.handle(.followFailed(tooOld))
        let store = MarfaError.store(message: "disk")
        XCTAssertEqual(
            machine.handle(.refillFailed(store)), ConnectionTransition(connection: .stopped(store), actions: [at(300)]))
        runRetry(&machine, expecting: .refill)
    }

    func testClosingIsTheLastConnection_F120() {
        var machine = following()
        XCTAssertEqual(machine.handle(.closed), ConnectionTransition(connection: .closed, actions: [.stop]))
        for input: ConnectionInput in [.updatesBegan, .streamOpened, .catchUpSucceeded, .keyChanged, .closed] {
            XCTAssertEqual(machine.handle(input), ConnectionTransition(connection: .closed, actions: []))
        }
    }

    func testTheManualClockMovesOnlyForward() {
        let start = clock.now
        clock.advance(by: .seconds(-5))
        XCTAssertEqual(clock.now, start)
        clock.advance(by: .milliseconds(1500))
        XCTAssertEqual(start.duration(to: clock.now), .milliseconds(1500))
    }
}
