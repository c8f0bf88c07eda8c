import MarfaRules

/// Rebuilds the state a snapshot holds and the read indexes over it.
///
/// One thread decodes and applies batch by batch, so each change is applied while its bytes and objects are still
/// in cache and the whole change list never exists at once. Handing batches to a second thread was measured
/// slower here: applying objects allocated on another core cost about twice the decode it saved.
enum SnapshotReplay {
    /// Changes decoded before they are applied.
    static let batchSize = 1024

    /// The state of the snapshot `payload` and the indexes over its items; throws `storeCorrupt` naming `path`.
    static func restore(_ payload: [UInt8], path: String) throws(MarfaError) -> (CopyState, ReadIndexes) {
        var state = CopyState()
        do {
            try StoreChange.decode(payload, inBatchesOf: batchSize) { batch in
                for change in batch { state.apply(change) }
            }
        } catch .storeCorrupt(_, let offset, let message) {
            throw MarfaError.storeCorrupt(path: path, offset: offset, message: message)
        }
        return (state, ReadIndexes(state: state))
    }
}
