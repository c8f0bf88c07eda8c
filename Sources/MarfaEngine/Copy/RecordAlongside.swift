import Dispatch
import MarfaRules
import MarfaStorage

/// A large commit's journal record, encoded, framed and queued on another thread while the actor applies the same
/// changes, so the encoding, and the write and sync the queueing starts (Decision 0060), overlap the apply
/// (Decision 0062).
///
/// Record order stays memory order: the actor waits for `sequence()` before its synchronous stage ends, so no other
/// commit can queue a record in between.
final class RecordAlongside: @unchecked Sendable {
    /// Commits whose record is estimated at this many bytes or more are encoded alongside their apply; smaller
    /// ones are encoded before the hop onto the actor, where a thread hand-off would cost more than it saves.
    static let minimumBytes = Journal.writeAtOnceBytes

    private let done = DispatchSemaphore(value: 0)
    /// Written once by the encoding thread before it signals `done`; read only after waiting on it.
    private var outcome: Result<UInt64, MarfaError> = .failure(.store(message: "the record was never encoded"))

    /// Whether `changes` are large enough to be encoded alongside their apply.
    static func suits(_ changes: [StoreChange]) -> Bool {
        StoreChange.estimatedBytes(changes) >= minimumBytes
    }

    /// Starts encoding `changes` and queueing their record in `journal` on the encoding queue.
    init(_ changes: [StoreChange], journal: Journal) {
        Self.queue.async { [self] in
            outcome = Result { () throws(MarfaError) -> UInt64 in
                let payload = StoreChange.encode(changes)
                return try StorageBridge.run { try journal.enqueue(JournalRecord.Framed(payload)) }
            }
            done.signal()
        }
    }

    /// Waits for the record to be queued and answers its sequence number, or the error encoding or queueing met.
    func sequence() throws(MarfaError) -> UInt64 {
        done.wait()
        return try outcome.get()
    }

    /// A serial queue of its own: it gets a thread even while every thread of the cooperative pool is busy, one
    /// of them waiting in `sequence()`.
    private static let queue = DispatchQueue(label: "marfa-record-alongside", qos: .userInitiated)
}
