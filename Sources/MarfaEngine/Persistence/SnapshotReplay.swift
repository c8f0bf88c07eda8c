import MarfaRules

/// Rebuilds the state a snapshot holds and the read indexes over it, on two cores.
///
/// A snapshot lists the sync state, then the edges, then the items (`CopyState.forEachSnapshotChange`). At the first
/// run of edges a second thread (`SideDecoder`) starts decoding them into a state of its own, then the last items
/// after them into a plain list, while the caller's thread only steps over the edges (checking their structure,
/// building nothing) and decodes, applies and indexes the first items, each while it is still in the cache
/// (Decision 0032). The caller then applies and indexes the second thread's items in order, applies every later
/// change that leaves the edges alone (extensions, the queue), finishes the read indexes (no edge changes them),
/// adopts the edges whole (no object decoded on the other core is changed on this one, which 0017 measured as the
/// costly part of a hand-over) and applies whatever follows with the indexes kept current, as journal replay does.
/// Edge changes and the others touch disjoint parts of the state, and the items keep their order, so applying them
/// on two threads gives what applying them in order does: any payload in the change-list format restores exactly,
/// whatever its order, including the items-then-edges order snapshots had before (Decision 0024).
enum SnapshotReplay {
    /// The state of the snapshot `payload` and the indexes over its items; throws `storeCorrupt` naming `path`.
    static func restore(_ payload: [UInt8], path: String) throws(MarfaError) -> (CopyState, ReadIndexes) {
        do {
            return try restore(payload)
        } catch .storeCorrupt(_, let offset, let message) {
            throw MarfaError.storeCorrupt(path: path, offset: offset, message: message)
        }
    }

    /// How many of the `changes` after a run of `edges` the caller decodes before it takes the second thread's
    /// share: the point where the caller, decoding, applying and indexing its items, is ready for the second
    /// thread's items just as that thread, decoding the edges, stepping over the caller's items and decoding the
    /// rest, finishes them, when every change is an item.
    ///
    /// From the costs profiled at 10k items (Decision 0032), in µs: an edge 1.6, decoding an item 3.8, stepping over
    /// one 0.3, applying one 0.65 and indexing it 1.8; `k × 6.25 = 1.6 × edges + 0.3 × k + 3.8 × (n − k)` gives
    /// `k ≈ 0.16 × edges + 0.39 × n`.
    static func itemsBeforeTail(edges: Int, changes: Int) -> Int {
        min(changes, (16 * edges + 39 * changes) / 100)
    }

    private static func restore(_ payload: [UInt8]) throws(MarfaError) -> (CopyState, ReadIndexes) {
        var reader = ByteReader(payload)
        var remaining = try reader.readCount()
        var state = CopyState()
        var side: (decoder: SideDecoder, end: Int, remaining: Int)?
        /// Changes the caller still applies before it takes the second thread's items, once it has them to take.
        var beforeTail: Int?
        /// The indexes, built item by item as the caller applies them while no change but a new item touches them.
        var building: ReadIndexes.Builder? = ReadIndexes.Builder(capacity: 0)
        while remaining > 0 {
            if beforeTail == 0, let side {
                beforeTail = nil
                if let tail = try side.decoder.tail(), tail.start == reader.offset {
                    for item in tail.items { apply(.putItem(item), to: &state, building: &building) }
                    reader = ByteReader(payload, offset: tail.end)
                    remaining -= tail.items.count
                    continue
                }
            }
            let before = reader
            let change = try StoreChange.read(from: &reader)
            if case .putEdge = change, side == nil {
                reader = before
                let decoder = SideDecoder(payload, offset: reader.offset, count: remaining)
                let edges = try StoreChange.skipEdgeRun(in: &reader, limit: remaining)
                remaining -= edges
                if state.items.isEmpty, building != nil {
                    // The items follow the edges (`forEachSnapshotChange`): room for every change left.
                    building = ReadIndexes.Builder(capacity: remaining)
                    state.reserveItems(remaining)
                }
                side = (decoder, reader.offset, remaining)
                beforeTail = itemsBeforeTail(edges: edges, changes: remaining)
                continue
            }
            if touchesEdges(change) {
                reader = before
                break
            }
            apply(change, to: &state, building: &building)
            remaining -= 1
            beforeTail = beforeTail.map { $0 - 1 }
        }
        var indexes = building?.finish() ?? ReadIndexes(state: state)
        if let side {
            let (edges, end, left) = try side.decoder.edges()
            guard end == side.end, left == side.remaining else {
                throw MarfaError.storeCorrupt(
                    path: "", offset: Int64(end), message: "the run of edges ends at \(end), not \(side.end)")
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

    /// Applies `change` and indexes the item it adds, or drops the builder when the change alters an item the
    /// builder holds (the indexes are then built from the whole state at the end).
    private static func apply(
        _ change: StoreChange, to state: inout CopyState, building builder: inout ReadIndexes.Builder?
    ) {
        if case .putItem(let item) = change {
            let (row, old) = state.putItem(item)
            if old == nil { builder?.add(row: row, item: item) } else { builder = nil }
            return
        }
        state.apply(change)
        switch change {
        case .removeItem, .clearRows: builder = nil
        default: break
        }
    }

    /// Whether `change` reads or writes the edges, so it must wait until the edge run is adopted.
    private static func touchesEdges(_ change: StoreChange) -> Bool {
        switch change {
        case .putEdge, .removeEdge, .clearRows: return true
        default: return false
        }
    }
}
