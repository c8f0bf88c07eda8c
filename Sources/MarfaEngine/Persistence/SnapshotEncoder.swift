import MarfaRules

/// Encodes a whole `CopyState` as a snapshot payload in chunks: the same bytes as
/// `StoreChange.encode(state.asChanges)`, without building the change list, the whole payload or any edge in memory:
/// each edge is written from the record the state holds (Decision 0069).
package enum SnapshotEncoder {
    /// Bytes gathered before a chunk goes to the sink.
    static let chunkBytes = 1 << 20

    /// Hands the payload of `state` to `sink`, in order, in chunks of about `chunkBytes`.
    /// - Complexity: O(encoded size), with O(`chunkBytes`) extra memory.
    package static func encode(_ state: CopyState, into sink: (UnsafeRawBufferPointer) throws -> Void)
        rethrows
    {
        var writer = ByteWriter(capacity: chunkBytes + (64 << 10))
        writer.write(varint: UInt64(state.snapshotChangeCount))
        /// Hands the gathered bytes to `sink` once they reach `chunkBytes`.
        func handOnWhenFull() throws {
            guard writer.bytes.count >= chunkBytes else { return }
            try writer.bytes.withUnsafeBytes(sink)
            writer.removeAll()
        }
        try state.forEachSnapshotPart { change in
            change.write(into: &writer)
            try handOnWhenFull()
        } edge: { record in
            writer.write(StoreChange.putEdgeTag)
            record.write(into: &writer)
            try handOnWhenFull()
        }
        if !writer.bytes.isEmpty { try writer.bytes.withUnsafeBytes(sink) }
    }
}
