import Dispatch
import Foundation
import Glibc
import Marfa
import MarfaLocks

/// How a device operation meets Ctrl-C (device-cli exit codes; issue 28 point 17, Decision 0090).
enum StopMode: Sendable {
    /// SIGINT is the operation's own business (`follow` and `changes` end with their report) or kills it.
    case notStoppable
    /// A first SIGINT lets the request in flight be answered and recorded, then nothing more is sent.
    case beforeNextRequest
    /// As `beforeNextRequest`, and an open stream is ended at once.
    case endingStreams
}

/// Watches Ctrl-C for a long operation, from before the store opens to the operation's end: a first Ctrl-C stops it
/// at its next request (answered `canceled`, exit 3, the cursor and the queue as they are), a second one ends the
/// process at once with 130.
///
/// SIGINT is caught by one signal source, so no Ctrl-C falls between two waits.
final class StopWatch {
    private let mode: StopMode
    private let stops = StopCount()
    private let source: any DispatchSourceSignal

    /// Starts watching; `taken` is told when the first Ctrl-C arrives, before any stream is ended, so what it prints
    /// comes before the operation's own ending.
    init(_ mode: StopMode, taken: @escaping @Sendable () -> Void) {
        self.mode = mode
        _ = signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [stops] in
            let (count, work) = stops.add()
            guard count == 1 else { exit(130) }
            StopRequest.request()
            taken()
            if mode == .endingStreams { work?.cancel() }
        }
        source.resume()
    }

    /// What the operation answered (nil when it threw after a stop), and whether a stop was asked for while it ran;
    /// an error the operation threw with no stop asked is rethrown.
    func run(
        _ body: @escaping @Sendable () async throws -> JSONValue
    ) async throws -> (answer: JSONValue?, stopped: Bool) {
        let task = Task { try await body() }
        if stops.start(task), mode == .endingStreams { task.cancel() }
        let outcome = await task.result
        source.cancel()
        guard stops.count > 0 else { return (try outcome.get(), false) }
        return (try? outcome.get(), true)
    }
}

/// The Ctrl-Cs taken so far, and the operation they stop.
private final class StopCount: Sendable {
    private let state = LockedValue<(stops: Int, work: Task<JSONValue, any Error>?)>((0, nil))

    /// Counts one Ctrl-C; answers the count and the operation running, if any.
    func add() -> (Int, Task<JSONValue, any Error>?) {
        state.withLock { state in
            state.stops += 1
            return (state.stops, state.work)
        }
    }

    /// Notes the operation; answers whether a Ctrl-C came before it started.
    func start(_ work: Task<JSONValue, any Error>) -> Bool {
        state.withLock { state in
            state.work = work
            return state.stops > 0
        }
    }

    /// The Ctrl-Cs taken so far.
    var count: Int { state.withLock { $0.stops } }
}
