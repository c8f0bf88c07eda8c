import MarfaEngine
import MarfaRules

/// The check after writes and events: both stores hold the same rows (id, version, state, update time, tags)
/// and the same number of edges, and every list query still returns the same ids.
enum StoreAgreement {
    /// Throws a gate failure naming the first row that differs.
    static func check(_ context: BenchContext, after: String) async throws {
        let state = await context.marfa.copy.capturedState()
        let ours = state.items.values.sorted { $0.id < $1.id }.map { item in
            "\(item.id) v\(item.version) \(item.state.rawValue) \(item.updatedAt) [\(item.tags.sorted().joined(separator: ","))]"
        }
        let theirs = try context.peer.rowDigest()
        guard ours == theirs else {
            let position =
                zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(ours.count, theirs.count)
            throw BenchError(
                "correctness gate failed after \(after): \(ours.count) rows here, \(theirs.count) in the peer; first"
                    + " difference at row \(position):\n  here: \(position < ours.count ? ours[position] : "none")\n"
                    + "  peer: \(position < theirs.count ? theirs[position] : "none")")
        }
        let peerEdges = try context.peer.edgeCount()
        guard state.edges.count == peerEdges else {
            throw BenchError(
                "correctness gate failed after \(after): \(state.edges.count) edges here, \(peerEdges) in the peer")
        }
        for query in context.listQueries {
            let (sql, bindings) = PeerListSQL.make(query)
            guard BruteForceList.evaluate(query, in: state) == (try context.peer.ids(sql, bindings)) else {
                throw BenchError("correctness gate failed after \(after): list \(query.name) differs")
            }
        }
    }
}
