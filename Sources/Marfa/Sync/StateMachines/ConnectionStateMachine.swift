/// The connection of a copy with its server (seed 003, F120–F131), as a pure machine: each input returns the
/// connection to show and what the follow's owner should do, with time read from an injected clock.
///
/// Passing failures wait 5 s doubling to 5 min, never less than a rate limit asks, and start again from 5 s once
/// a follow has run 5 minutes without failing; a stopped copy tries again every 5 minutes; a refused key waits
/// for `useKey(_:)`; a stale copy is refilled in place, tried again from 1 s up to 5 min, when the follow had
/// confirmed its cursor under the current key, and otherwise left to the app as `.needsHydration`. Those are the
/// waits of `ConnectionPolicy.standard`; the command line's follow takes `.commandLine`'s.
package struct ConnectionStateMachine: Sendable {
    /// How a copy starts: with no server (or as a reader), filled, or waiting for a fill.
    package enum Start: Sendable, Hashable {
        /// No server, or a reading handle: the connection stays `.local`.
        case local
        /// A copy with a server and a completed fill.
        case filled
        /// A copy with a server and no usable fill: nil before the first, else the error that ended it.
        case needsHydration(MarfaError?)
    }

    /// The connection to show now.
    package private(set) var connection: CopyConnection
    /// When the waiting retry runs, if one waits.
    package private(set) var retryAt: ContinuousClock.Instant?

    private let clock: any MonotonicClock
    private let policy: ConnectionPolicy
    private let isLocal: Bool
    private var holders = 0
    private var filled: Bool
    private var cursorConfirmed = false
    private var refillPending = false
    private var followingSince: ContinuousClock.Instant?
    private var offlineBackoff: RetryBackoff
    private var refillBackoff: RetryBackoff

    /// Makes the machine of a copy that starts as `start`.
    package init(start: Start, policy: ConnectionPolicy = .standard, clock: any MonotonicClock) {
        self.clock = clock
        self.policy = policy
        offlineBackoff = RetryBackoff(first: policy.offlineFirst, limit: policy.offlineLimit)
        refillBackoff = RetryBackoff(first: policy.refillFirst, limit: policy.refillLimit)
        switch start {
        case .local:
            isLocal = true
            filled = true
            connection = .local
        case .filled:
            isLocal = false
            filled = true
            connection = .connecting
        case .needsHydration(let error):
            isLocal = false
            filled = false
            connection = .needsHydration(error)
        }
    }

    /// Takes `input` and answers the connection to show and what to do.
    package mutating func handle(_ input: ConnectionInput) -> ConnectionTransition {
        let actions = step(input)
        return ConnectionTransition(connection: connection, actions: actions)
    }

    private var isHeld: Bool { holders > 0 }

    /// Whether a follow may be running to report: some sequence is held and no refill stands in its place; any
    /// other report is a late one from a follow already told to stop.
    private var followMayReport: Bool { isHeld && !refillPending }

    private mutating func step(_ input: ConnectionInput) -> [ConnectionAction] {
        if connection == .closed || (isLocal && input != .closed) { return [] }
        switch input {
        case .updatesBegan: return begin()
        case .updatesEnded: return end()
        case .streamOpened: return streamOpened()
        case .eventApplied: return eventApplied()
        case .followCaughtUp: return followCaughtUp()
        case .followFailed(let error): return followMayReport ? fail(ConnectionFault(error), fromApp: false) : []
        case .catchUpSucceeded, .hydrationSucceeded: return appSucceeded()
        case .catchUpFailed(let error): return fail(ConnectionFault(error), fromApp: true)
        case .hydrationFailed(let error, let stillFilled):
            if filled && !stillFilled { return needHydration(error) }
            return fail(ConnectionFault(error), fromApp: true)
        case .refillSucceeded: return refillSucceeded()
        case .refillFailed(let error): return refillFailed(ConnectionFault(error))
        case .keyChanged: return keyChanged()
        case .tick: return tick()
        case .closed: return close()
        }
    }

    /// The work a retry or a new holder starts: the refill when one is pending, else the follow.
    private var work: ConnectionAction { refillPending ? .refill : .connect }

    private mutating func begin() -> [ConnectionAction] {
        holders += 1
        guard holders == 1 else { return [] }
        switch connection {
        case .needsHydration, .keyRefused: return []
        case .stopped: return [work]
        default:
            connection = .connecting
            return [work]
        }
    }

    private mutating func end() -> [ConnectionAction] {
        guard holders > 0 else { return [] }
        holders -= 1
        guard holders == 0 else { return [] }
        retryAt = nil
        followingSince = nil
        return [.stop]
    }

    private mutating func streamOpened() -> [ConnectionAction] {
        guard followMayReport else { return [] }
        switch connection {
        case .connecting, .offline:
            connection = .following
        case .following, .stopped:
            break
        case .needsHydration, .keyRefused, .local, .closed:
            return []
        }
        retryAt = nil
        followingSince = clock.now
        return []
    }

    private mutating func eventApplied() -> [ConnectionAction] {
        guard followMayReport else { return [] }
        switch connection {
        case .connecting, .offline:
            connection = .following
            retryAt = nil
            followingSince = followingSince ?? clock.now
        default:
            break
        }
        return []
    }

    private mutating func followCaughtUp() -> [ConnectionAction] {
        guard followMayReport else { return [] }
        switch connection {
        case .connecting, .offline, .stopped:
            connection = .following
            retryAt = nil
            followingSince = followingSince ?? clock.now
        case .following:
            break
        case .needsHydration, .keyRefused, .local, .closed:
            return []
        }
        cursorConfirmed = true
        return []
    }

    private mutating func appSucceeded() -> [ConnectionAction] {
        let followRunning = connection == .following || (connection == .connecting && !refillPending)
        filled = true
        cursorConfirmed = true
        refillPending = false
        offlineBackoff.reset()
        refillBackoff.reset()
        connection = .following
        retryAt = nil
        guard isHeld, !followRunning else { return [] }
        return [.connect]
    }

    private mutating func fail(_ fault: ConnectionFault, fromApp: Bool) -> [ConnectionAction] {
        guard let error = fault.error else { return [] }
        if !filled { return fromApp ? needHydration(error) : [] }
        switch connection {
        case .needsHydration: return []
        case .keyRefused:
            if !fromApp { return [] }
            if case .passing = fault { return [] }
        default: break
        }
        switch fault {
        case .passing(let error, let retryAfter):
            if let since = followingSince, since.duration(to: clock.now) >= policy.healthyReset {
                offlineBackoff.reset()
            }
            followingSince = nil
            if case .stopped = connection {
                return schedule(after: max(policy.stoppedInterval, retryAfter ?? .zero))
            }
            connection = .offline(error)
            return schedule(after: max(offlineBackoff.nextDelay(), retryAfter ?? .zero))
        case .keyRefused(let error):
            connection = .keyRefused(error)
            refillPending = false
            return stopEverything()
        case .expired(let error):
            guard cursorConfirmed, policy.refillsInPlace else { return needHydration(error) }
            refillPending = true
            refillBackoff.reset()
            connection = .connecting
            followingSince = nil
            retryAt = nil
            return isHeld ? [.refill] : []
        case .instanceChanged(let error):
            return needHydration(error)
        case .lasting(let error):
            followingSince = nil
            connection = .stopped(error)
            return schedule(after: policy.stoppedInterval)
        case .none:
            return []
        }
    }

    private mutating func refillSucceeded() -> [ConnectionAction] {
        guard refillPending else { return [] }
        refillPending = false
        filled = true
        cursorConfirmed = true
        refillBackoff.reset()
        connection = .connecting
        retryAt = nil
        return isHeld ? [.connect] : []
    }

    private mutating func refillFailed(_ fault: ConnectionFault) -> [ConnectionAction] {
        guard refillPending else { return [] }
        switch fault {
        case .passing(let error, let retryAfter):
            connection = .offline(error)
            return schedule(after: max(refillBackoff.nextDelay(), retryAfter ?? .zero))
        case .keyRefused(let error):
            connection = .keyRefused(error)
            refillPending = false
            return stopEverything()
        case .expired(let error), .instanceChanged(let error):
            return needHydration(error)
        case .lasting(let error):
            connection = .stopped(error)
            return schedule(after: policy.stoppedInterval)
        case .none:
            return []
        }
    }

    private mutating func keyChanged() -> [ConnectionAction] {
        cursorConfirmed = false
        refillPending = false
        offlineBackoff.reset()
        refillBackoff.reset()
        followingSince = nil
        retryAt = nil
        guard filled else { return [] }
        connection = .connecting
        return isHeld ? [.connect] : []
    }

    private mutating func tick() -> [ConnectionAction] {
        guard isHeld, let due = retryAt, clock.now >= due else { return [] }
        retryAt = nil
        if refillPending, case .offline = connection { connection = .connecting }
        return [work]
    }

    private mutating func close() -> [ConnectionAction] {
        let wasRunning = isHeld && !isLocal
        connection = .closed
        holders = 0
        retryAt = nil
        followingSince = nil
        return wasRunning ? [.stop] : []
    }

    private mutating func needHydration(_ error: MarfaError) -> [ConnectionAction] {
        filled = false
        cursorConfirmed = false
        refillPending = false
        connection = .needsHydration(error)
        return stopEverything()
    }

    private mutating func stopEverything() -> [ConnectionAction] {
        retryAt = nil
        followingSince = nil
        return isHeld ? [.stop] : []
    }

    private mutating func schedule(after delay: Duration) -> [ConnectionAction] {
        guard isHeld else {
            retryAt = nil
            return []
        }
        let due = clock.now.advanced(by: delay)
        retryAt = due
        return [.scheduleRetry(at: due)]
    }
}
