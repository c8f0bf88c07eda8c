import MarfaRules
import MarfaStorage

/// Rebuilds the state a snapshot holds and the read indexes over it, on two cores, from a payload streamed in small
/// pieces (Decision 0052).
///
/// A second thread (`SnapshotChunks`) decompresses the payload into reused buffers of a few hundred KiB, cut at
/// changes' ends, and decodes pieces of only items or only edges whenever this thread has others waiting; this
/// thread takes the pieces in payload order, decodes the rest itself and applies every change in order, indexing
/// each new item as it goes. Applying in order restores any payload in the change-list format exactly, whatever
/// its order (Decision 0024). The payload's checksum is known only at its end: a piece that fails to decode, or a
/// checksum that does not match, throws away the state built so far, and the open fails (or recovery passes over
/// the snapshot) as it did when the whole payload was checked first.
enum SnapshotReplay {
    /// The state of the snapshot `stream` reads and the indexes over its items.
    ///
    /// Throws the stream's "store_corrupt" `StorageError` when the frames, length or checksum are wrong (recovery
    /// then passes over the snapshot), else `MarfaError.storeCorrupt` naming the file for a malformed change.
    /// `shape` cuts the payload (tests use small pieces and eager claims to drive both threads through every path).
    static func restore(_ stream: SnapshotPayloadStream, shape: SnapshotChunks.Shape = .standard) throws
        -> (CopyState, ReadIndexes)
    {
        let pieces = SnapshotChunks(stream, shape: shape)
        var restoring = Restoring(payloadLength: stream.payloadLength)
        var failure: MarfaError?
        while true {
            var chunk = pieces.next()
            let content = chunk.content
            // Leaves `content` the only holder of a piece's buffer, so it goes back for reuse without being copied.
            chunk.content = .claimed
            switch content {
            case .end(let checks):
                do {
                    try checks.get()
                } catch let error as MarfaError {
                    throw naming(error, path: stream.path)
                }
                if let failure { throw failure }
                return restoring.finish()
            case .bytes(let buffer, let start, let end, _):
                if failure == nil {
                    do throws(MarfaError) {
                        try restoring.apply(buffer, start: start, end: end, of: chunk)
                    } catch {
                        failure = chunk.locate(error, from: start, path: stream.path)
                        pieces.abandon()
                    }
                }
                pieces.recycle(buffer)
            case .items(let items):
                if failure == nil { restoring.apply(items, of: chunk) }
            case .edges(let edges):
                if failure == nil { for edge in edges { restoring.state.put(edgeRecord: edge) } }
            case .failed(let error):
                if failure == nil {
                    failure = naming(error, path: stream.path)
                    pieces.abandon()
                }
            case .claimed:
                preconditionFailure("the applying thread took a piece still being decoded")
            }
        }
    }

    /// `error`, found on the producing thread, naming the snapshot's file.
    private static func naming(_ error: MarfaError, path: String) -> MarfaError {
        guard case .storeCorrupt(_, let offset, let message) = error else { return error }
        return .storeCorrupt(path: path, offset: offset, message: message)
    }
}

/// The state and indexes a restore builds, change by change in payload order.
private struct Restoring {
    /// The fewest bytes an item's change takes (a tag, an id, a type, three times, states and counts), which bounds
    /// the room made for items by the bytes left rather than by the change count alone: the count is read before
    /// the checksum can vouch for it.
    static let smallestItemBytes = 32

    var state = CopyState()
    /// The payload's length.
    let payloadLength: Int
    /// The indexes, built item by item while no change but a new item touches them; nil once one does (they are
    /// then built from the whole state at the end).
    private var building: ReadIndexes.Builder? = ReadIndexes.Builder(capacity: 0)
    /// Whether room has been made for the items yet.
    private var reserved = false

    /// Starts with an empty state, for a payload of `payloadLength` bytes.
    init(payloadLength: Int) {
        self.payloadLength = payloadLength
    }

    /// Applies the changes at `start..<end` of `buffer`, the bytes of `chunk`.
    mutating func apply(_ buffer: [UInt8], start: Int, end: Int, of chunk: SnapshotChunk) throws(MarfaError) {
        var reader = ByteReader(buffer, offset: start, end: end)
        var left = room(for: chunk)
        while !reader.isAtEnd {
            var probe = reader
            if try probe.readByte() == StoreChange.putEdgeTag {
                // Each `putEdge` straight into its record (`StoreChange.read` would build the edge's strings first).
                state.put(edgeRecord: try EdgeRecord.read(from: &probe))
                reader = probe
            } else {
                apply(try StoreChange.read(from: &reader), left: left)
            }
            left -= 1
        }
    }

    /// Applies `items`, the decoded changes of `chunk`, in order.
    mutating func apply(_ items: [Item], of chunk: SnapshotChunk) {
        var left = room(for: chunk)
        for item in items {
            put(item, left: left)
            left -= 1
        }
    }

    /// How many items may still come from `chunk` on: its changes left, no more than its bytes left could hold.
    private func room(for chunk: SnapshotChunk) -> Int {
        Swift.min(chunk.changeCount - chunk.firstChange, (payloadLength - chunk.payloadOffset) / Self.smallestItemBytes)
    }

    /// The state and its indexes once every change is applied.
    consuming func finish() -> (CopyState, ReadIndexes) {
        let indexes = building.take()?.finish() ?? ReadIndexes(state: state)
        return (state, indexes)
    }

    /// Applies `change`, one of the `left` changes still to come.
    private mutating func apply(_ change: StoreChange, left: Int) {
        switch change {
        case .putItem(let item):
            put(item, left: left)
            return
        case .removeItem, .clearRows: building = nil
        case .setCatalog where !state.items.isEmpty: building = nil
        default: break
        }
        state.apply(change)
    }

    /// Puts `item`, one of the `left` changes still to come, and indexes it when it is new; the first item of an
    /// empty state makes room for every change left (the items follow the edges, `forEachSnapshotChange`).
    private mutating func put(_ item: Item, left: Int) {
        if !reserved {
            reserved = true
            if state.items.isEmpty, building != nil {
                building = ReadIndexes.Builder(capacity: Swift.max(0, left))
                state.reserveItems(Swift.max(0, left))
            }
        }
        let (row, old) = state.putItem(item)
        if old == nil { building?.add(row: row, item: item) } else { building = nil }
    }
}
