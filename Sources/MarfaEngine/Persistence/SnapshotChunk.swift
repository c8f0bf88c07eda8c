import MarfaRules

/// One piece of a snapshot payload as open's pipeline hands it on (`SnapshotChunks`, Decision 0052): whole changes,
/// still as bytes or already decoded on the producing thread.
struct SnapshotChunk {
    /// What the changes of a piece of bytes are, which says whether the producing thread may decode them.
    enum Kind {
        /// Only `putItem` changes.
        case items
        /// Only `putEdge` changes.
        case edges
        /// Anything else, or a mix: left to the applying thread.
        case mixed
    }

    /// What the piece holds.
    enum Content {
        /// Bytes `start..<end` of `buffer`, whole changes of one `kind`; the buffer goes back for reuse once read.
        case bytes(buffer: [UInt8], start: Int, end: Int, kind: Kind)
        /// Being decoded by the producing thread.
        case claimed
        /// The piece's items, decoded.
        case items([Item])
        /// The piece's edges, decoded.
        case edges([EdgeRecord])
        /// Decoding the piece threw this.
        case failed(MarfaError)
        /// The end of the payload, its length, change count and checksum checked, or what checking them threw
        /// (a `StorageError` when the bytes themselves are damaged).
        case end(Result<Void, any Error>)
    }

    /// What the piece holds.
    var content: Content
    /// The number of changes before this piece in the payload.
    let firstChange: Int
    /// How many changes the whole payload holds.
    let changeCount: Int
    /// Where the piece starts in the payload, for errors.
    let payloadOffset: Int

    /// `error`, found reading this piece's bytes from offset `start` of its buffer, with its offset moved to the
    /// payload and `path` named.
    func locate(_ error: MarfaError, from start: Int, path: String) -> MarfaError {
        guard case .storeCorrupt(_, let offset, let message) = error else { return error }
        return .storeCorrupt(path: path, offset: offset - Int64(start) + Int64(payloadOffset), message: message)
    }
}
