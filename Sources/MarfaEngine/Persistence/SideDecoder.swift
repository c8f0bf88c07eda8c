import Dispatch
import Foundation
import MarfaRules
import Synchronization

/// Decodes, on a thread of its own, the run of `putEdge` changes that starts at an offset of a snapshot payload
/// into a state holding only those edges, then the last items after the run (`SnapshotReplay.itemsBeforeTail`
/// says how many items to step over first) into a list the caller appends in order.
///
/// A new thread rather than a dispatch queue: the caller blocks on a cooperative thread while it waits, and a pool
/// thread might never come free to run the decoding.
final class SideDecoder: Sendable {
    /// The edges' state, the offset just past the run and how many changes of the payload are left after it.
    typealias EdgeRun = (edges: CopyState, end: Int, remaining: Int)

    /// Items decoded after the ones the caller decodes: from the offset `start` to `end`, in payload order.
    struct ItemTail: Sendable {
        let items: [Item]
        let start: Int
        let end: Int
    }

    private let edgeRun = Mutex<Result<EdgeRun, MarfaError>?>(nil)
    private let itemTail = Mutex<Result<ItemTail?, MarfaError>?>(nil)
    private let edgesDone = DispatchSemaphore(value: 0)
    private let tailDone = DispatchSemaphore(value: 0)

    /// Starts decoding at `offset` of `payload`, where `count` changes are left.
    init(_ payload: [UInt8], offset: Int, count: Int) {
        let thread = Thread { [self] in
            let run = Result { () throws(MarfaError) -> EdgeRun in
                try Self.decodeEdges(payload, offset: offset, count: count)
            }
            edgeRun.withLock { $0 = run }
            edgesDone.signal()
            let tail = Result { () throws(MarfaError) -> ItemTail? in
                guard case .success(let run) = run else { return nil }
                return try Self.decodeTail(payload, run: run, edgeChanges: count - run.remaining)
            }
            itemTail.withLock { $0 = tail }
            tailDone.signal()
        }
        thread.name = "marfa-snapshot-side"
        thread.start()
    }

    /// Waits for the run of edges and answers it, or throws what decoding it threw.
    func edges() throws(MarfaError) -> EdgeRun {
        edgesDone.wait()
        edgesDone.signal()
        return try edgeRun.withLock { $0! }.get()
    }

    /// Waits for the last items and answers them, or nil when the changes the caller decodes first are not all
    /// items (the caller then decodes everything itself); throws what decoding them threw.
    func tail() throws(MarfaError) -> ItemTail? {
        tailDone.wait()
        tailDone.signal()
        return try itemTail.withLock { $0! }.get()
    }

    private static func decodeEdges(_ payload: [UInt8], offset: Int, count: Int) throws(MarfaError) -> EdgeRun {
        var reader = ByteReader(payload, offset: offset)
        var edges = CopyState()
        var remaining = count
        while remaining > 0 {
            // Each `putEdge` straight into its record (`StoreChange.read` would build the edge's strings first).
            let start = reader.offset
            guard try reader.readByte() == StoreChange.putEdgeTag else { return (edges, start, remaining) }
            edges.put(edgeRecord: try EdgeRecord.read(from: &reader))
            remaining -= 1
        }
        return (edges, reader.offset, 0)
    }

    /// Steps over the items the caller decodes, then decodes the `putItem` changes after them up to the first other
    /// change; nil when a change the caller decodes is not an item or no item is left for this thread.
    private static func decodeTail(_ payload: [UInt8], run: EdgeRun, edgeChanges: Int) throws(MarfaError)
        -> ItemTail?
    {
        let skipped = SnapshotReplay.itemsBeforeTail(edges: edgeChanges, changes: run.remaining)
        guard skipped < run.remaining else { return nil }
        var reader = ByteReader(payload, offset: run.end)
        guard try StoreChange.skipItemRun(in: &reader, limit: skipped) == skipped else { return nil }
        let start = reader.offset
        var items: [Item] = []
        items.reserveCapacity(run.remaining - skipped)
        while items.count < run.remaining - skipped {
            let before = reader
            guard case .putItem(let item) = try StoreChange.read(from: &reader) else {
                reader = before
                break
            }
            items.append(item)
        }
        return items.isEmpty ? nil : ItemTail(items: items, start: start, end: reader.offset)
    }
}
