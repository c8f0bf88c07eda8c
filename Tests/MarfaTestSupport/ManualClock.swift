import Foundation
import Marfa
import MarfaLocks

/// A clock that moves only when told, for tests of backoffs and retries: a sleeper wakes when an advance reaches
/// its deadline, never on its own.
package final class ManualClock: MonotonicClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Held {
        var elapsed = Duration.zero
        var sleepers: [Sleeper] = []
        var nextId: UInt64 = 0
    }

    private let origin: ContinuousClock.Instant
    private let wallOrigin: Date
    private let held = LockedValue(Held())

    /// Makes a clock standing at `origin`, whose wall time starts at `wallOrigin`.
    package init(origin: ContinuousClock.Instant = ContinuousClock().now, wallOrigin: Date = Date()) {
        self.origin = origin
        self.wallOrigin = wallOrigin
    }

    /// The wall origin plus every advance so far.
    package var wallTime: Date {
        let elapsed = held.withLock { $0.elapsed }.components
        return wallOrigin.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }

    /// The origin plus every advance so far.
    package var now: ContinuousClock.Instant {
        origin.advanced(by: held.withLock { $0.elapsed })
    }

    /// How many tasks sleep on this clock now.
    package var sleeping: Int {
        held.withLock { $0.sleepers.count }
    }

    /// Moves the clock forward by `duration` and wakes every sleeper whose deadline it reaches; a negative duration
    /// is refused as a no-op, keeping time monotonic.
    package func advance(by duration: Duration) {
        guard duration > .zero else { return }
        let due = held.withLock { held -> [Sleeper] in
            held.elapsed += duration
            let now = origin.advanced(by: held.elapsed)
            let due = held.sleepers.filter { $0.deadline <= now }
            held.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once an advance reaches `deadline` (at once when it has); throws `CancellationError` when the task
    /// is cancelled first.
    package func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = held.withLock { held -> UInt64 in
            held.nextId += 1
            return held.nextId
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Now { case wait, wake, cancel }
                let now = held.withLock { held -> Now in
                    if origin.advanced(by: held.elapsed) >= deadline { return .wake }
                    if Task.isCancelled { return .cancel }
                    held.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .wait
                }
                switch now {
                case .wait: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = held.withLock { held -> Sleeper? in
                guard let index = held.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return held.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
