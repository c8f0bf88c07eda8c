import Dispatch
import Foundation
import MarfaRules
import Synchronization

/// Rebuilds the state a snapshot holds and the read indexes over it, on two cores.
///
/// A snapshot lists the sync state, then the edges, then the items (`CopyState.forEachSnapshotChange`). At the first
/// run of edges a second thread starts decoding them into a state of its own, while the caller's thread only steps
/// over them (checking their structure, building nothing) and goes on decoding and applying every later change that
/// leaves the edges alone (items, extensions, the queue), then builds the read indexes, which no edge changes. The
/// caller then adopts the edges whole (no object decoded on the other core is touched on this one, which 0017
/// measured as the costly part of a hand-over) and applies whatever follows with the indexes kept current, as
/// journal replay does. Edge changes and the others touch disjoint parts of the state, so applying them on two
/// threads gives what applying them in order does: any payload in the change-list format restores exactly, whatever
/// its order, including the items-then-edges order snapshots had before (Decision 0024).
enum SnapshotReplay {
    /// The state of the snapshot `payload` and the indexes over its items; throws `storeCorrupt` naming `path`.
    static func restore(_ payload: [UInt8], path: String) throws(MarfaError) -> (CopyState, ReadIndexes) {
        do {
            return try restore(payload)
        } catch .storeCorrupt(_, let offset, let message) {
            throw MarfaError.storeCorrupt(path: path, offset: offset, message: message)
        }
    }

    private static func restore(_ payload: [UInt8]) throws(MarfaError) -> (CopyState, ReadIndexes) {
        var reader = ByteReader(payload)
        var remaining = try reader.readCount()
        var state = CopyState()
        var edgeRun: (run: EdgeRun, end: Int, remaining: Int)?
        while remaining > 0 {
            let before = reader
            let change = try StoreChange.read(from: &reader)
            if case .putEdge = change, edgeRun == nil {
                reader = before
                let run = EdgeRun(payload, offset: reader.offset, count: remaining)
                remaining -= try StoreChange.skipEdgeRun(in: &reader, limit: remaining)
                edgeRun = (run, reader.offset, remaining)
                continue
            }
            if touchesEdges(change) {
                reader = before
                break
            }
            state.apply(change)
            remaining -= 1
        }
        var indexes = ReadIndexes(state: state)
        if let edgeRun {
            let (edges, end, left) = try edgeRun.run.result()
            guard end == edgeRun.end, left == edgeRun.remaining else {
                throw MarfaError.storeCorrupt(
                    path: "", offset: Int64(end), message: "the run of edges ends at \(end), not \(edgeRun.end)")
            }
            state.adoptEdges(of: edges)
        }
        for _ in 0..<remaining {
            CopyActor.apply(try StoreChange.read(from: &reader), to: &state, indexes: &indexes)
        }
        guard reader.isAtEnd else {
            throw MarfaError.storeCorrupt(
                path: "", offset: Int64(reader.offset), message: "bytes after the last change")
        }
        return (state, indexes)
    }

    /// Whether `change` reads or writes the edges, so it must wait until the edge run is adopted.
    private static func touchesEdges(_ change: StoreChange) -> Bool {
        switch change {
        case .putEdge, .removeEdge, .clearRows: return true
        default: return false
        }
    }
}

/// Decodes, on a thread of its own, the run of `putEdge` changes that starts at an offset of a payload into a state
/// holding only those edges, stopping at the first other change.
///
/// A new thread rather than a dispatch queue: the caller blocks on a cooperative thread while it waits, and a pool
/// thread might never come free to run the decoding.
private final class EdgeRun: Sendable {
    /// The edges' state, the offset just past the run and how many changes of the payload are left after it.
    typealias Outcome = (edges: CopyState, end: Int, remaining: Int)

    private let outcome = Mutex<Result<Outcome, MarfaError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts decoding at `offset` of `payload`, where `count` changes are left.
    init(_ payload: [UInt8], offset: Int, count: Int) {
        let thread = Thread { [self] in
            let result = Result { () throws(MarfaError) -> Outcome in
                try Self.decode(payload, offset: offset, count: count)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.name = "marfa-snapshot-edges"
        thread.start()
    }

    /// Waits for the run and answers it, or throws what decoding it threw.
    func result() throws(MarfaError) -> Outcome {
        done.wait()
        return try outcome.withLock { $0! }.get()
    }

    private static func decode(_ payload: [UInt8], offset: Int, count: Int) throws(MarfaError) -> Outcome {
        var reader = ByteReader(payload, offset: offset)
        var edges = CopyState()
        var remaining = count
        while remaining > 0 {
            let start = reader.offset
            let change = try StoreChange.read(from: &reader)
            guard case .putEdge = change else { return (edges, start, remaining) }
            edges.apply(change)
            remaining -= 1
        }
        return (edges, reader.offset, 0)
    }
}
