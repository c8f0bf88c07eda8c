import Foundation
import MarfaLocks
import Synchronization

/// What both event-stream transports share: the head checked before any body byte (WC-73), body bytes parsed
/// into frames and handed out as typed events in order, and the end of the stream turned into the sequence's end.
final class EventStreamFeed: Sendable {
    /// The events, in stream order; the sequence ends when the stream closes, with an error if it failed.
    let events: AsyncThrowingStream<StreamEvent, any Error>
    private let continuation: AsyncThrowingStream<StreamEvent, any Error>.Continuation
    private let server: String
    private let state = LockedValue(State())
    private let handedOut = Atomic<Int>(0)

    private struct State {
        var parser = SSEParser()
        var refused: InstanceAnswer?
        var accepted = false
    }

    /// A feed for a stream from `server`; `onTermination` runs once when the reader stops or the stream ends.
    init(server: String, onTermination: @escaping @Sendable () -> Void) {
        (events, continuation) = AsyncThrowingStream.makeStream(of: StreamEvent.self)
        self.server = server
        continuation.onTermination = { _ in onTermination() }
    }

    /// Checks the status and the contract header, answering the mismatch that must stop the stream; the caller
    /// ends its transport, then calls `fail(_:)`.
    func receiveHead(status: Int, headers: [String: [String]]) -> MarfaError? {
        let head = InstanceAnswer(status: status, headers: headers, body: Data())
        if let mismatch = ContractCheck.mismatch(in: head, server: server, isWrite: false) { return mismatch }
        state.withLock { state in
            if head.isSuccess { state.accepted = true } else { state.refused = head }
        }
        return nil
    }

    /// Parses a chunk of the body and hands out its events; a refused stream's body is kept for its error.
    func receiveBody(_ bytes: some Sequence<UInt8>) {
        let outputs = state.withLock { state -> [SSEOutput] in
            if state.refused != nil { state.refused?.body.append(contentsOf: bytes) }
            return state.accepted ? state.parser.feed(bytes) : []
        }
        for output in outputs {
            guard case .frame(let frame) = output else { continue }
            do {
                let event = try StreamEvent(frame: frame)
                handedOut.add(1, ordering: .releasing)
                continuation.yield(event)
            } catch {
                continuation.finish(throwing: error)
                return
            }
        }
    }

    /// Whether the stream's head was accepted: a success on the contract the copy speaks.
    var wasAccepted: Bool {
        state.withLock { $0.accepted }
    }

    /// How many events have been handed to the sequence so far, taken by the reader or still waiting.
    var eventsHandedOut: Int {
        handedOut.load(ordering: .acquiring)
    }

    /// Ends the sequence: with the refusal for a refused stream, `network` for a dropped one, cleanly otherwise.
    func receiveEnd(droppedBecause failure: String?) {
        if let refused = state.withLock({ $0.refused }) {
            continuation.finish(throwing: ErrorEnvelope.readError(refused))
        } else if let failure {
            continuation.finish(throwing: MarfaError.network(message: "the event stream from \(server) dropped: \(failure)"))
        } else {
            continuation.finish()
        }
    }

    /// Ends the sequence at once with `error`: a stream that could not be opened or whose head was refused.
    func fail(_ error: MarfaError) {
        continuation.finish(throwing: error)
    }

    /// Ends the sequence from the reader's side.
    func finish() {
        continuation.finish()
    }
}
