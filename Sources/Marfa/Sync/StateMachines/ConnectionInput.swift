/// What happened that may change a copy's connection: the app holding updates, the follow's progress and faults,
/// the app's own calls, a refill's outcome, and the clock.
package enum ConnectionInput: Sendable, Hashable {
    /// An updates sequence (or change stream) began to be held.
    case updatesBegan
    /// An updates sequence (or change stream) was released.
    case updatesEnded
    /// The server answered the follow's request, and the stream is open.
    case streamOpened
    /// The follow applied an event.
    case eventApplied
    /// The follow ended on `error`: a dropped stream, a refusal, a terminal frame.
    case followFailed(MarfaError)
    /// The catch-up a follow begins with reached the head.
    case followCaughtUp
    /// The app's own `catchUp()` reached the head.
    case catchUpSucceeded
    /// The app's own `catchUp()` failed on `error`.
    case catchUpFailed(MarfaError)
    /// The app's `hydrate` completed.
    case hydrationSucceeded
    /// The app's `hydrate` failed on `error`; `stillFilled` says whether the copy still holds its earlier fill.
    case hydrationFailed(MarfaError, stillFilled: Bool)
    /// The refill of a stale copy completed.
    case refillSucceeded
    /// The refill of a stale copy failed on `error`, or was refused because the copy could not keep what it holds.
    case refillFailed(MarfaError)
    /// The app gave the copy a new key with `useKey(_:)`.
    case keyChanged
    /// The clock moved; a retry whose time has come runs.
    case tick
    /// The copy was closed.
    case closed
}

/// What the follow's owner should do after an input.
package enum ConnectionAction: Sendable, Hashable {
    /// Open the follow now (catch up, then stay open), replacing any waiting retry.
    case connect
    /// Feed `.tick` at or after `at`; this replaces any earlier scheduled retry.
    case scheduleRetry(at: ContinuousClock.Instant)
    /// Refill the stale copy in place over the slice it holds, replacing any waiting retry.
    case refill
    /// Close the follow, end any refill, and drop any waiting retry.
    case stop
}

/// The connection after an input, and what to do about it.
package struct ConnectionTransition: Sendable, Hashable {
    /// The connection to show.
    package var connection: CopyConnection
    /// What to do, in order.
    package var actions: [ConnectionAction]

    /// Makes a transition to `connection` with `actions`.
    package init(connection: CopyConnection, actions: [ConnectionAction]) {
        self.connection = connection
        self.actions = actions
    }
}
