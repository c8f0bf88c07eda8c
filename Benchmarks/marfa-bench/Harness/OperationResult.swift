/// What one side measured.
struct SideResult: Codable, Sendable {
    /// Who this is.
    var label: String
    /// The caveat every figure of this side carries, if any.
    var caveat: String?
    /// The promise the figures keep (durability, semantics), if any.
    var promise: String?
    /// Per-sample timings.
    var latency: LatencySummary?
    /// Units per second over all samples, when a sample holds several units.
    var throughput: Double?
    /// A measured value that is not a timing (bytes per item), with `unit`.
    var value: Double?
}

/// What one operation measured, with its ratios.
struct OperationResult: Codable, Sendable {
    /// The operation's name.
    var name: String
    /// Its group.
    var group: String
    /// The unit of `value` figures, or `s` for timings.
    var unit: String
    /// Units of work per sample.
    var unitsPerSample: Int
    /// Our side.
    var ours: SideResult
    /// The peer's sides.
    var peers: [SideResult]
    /// The floor, if defined.
    var floor: Floor?
    /// Notes.
    var notes: [String]
    /// Attributes (band, semantics…).
    var tags: [String: String]
    /// Extra figures.
    var extras: [String: Double]

    /// Peer time over our time for the first peer (above 1: ours is faster), by p50 or by throughput.
    func speedup(over peer: SideResult) -> Double? {
        if unitsPerSample > 1, let mine = ours.throughput, let theirs = peer.throughput, theirs > 0 {
            return mine / theirs
        }
        if let mine = ours.latency?.p50, let theirs = peer.latency?.p50, mine > 0 { return theirs / mine }
        if let mine = ours.value, let theirs = peer.value, mine > 0 { return theirs / mine }
        return nil
    }

    /// Our result against the floor: "× floor" for latency and size, a fraction of the ceiling for throughput.
    var floorRatio: Double? {
        guard let floor, floor.value > 0 else { return nil }
        switch floor.kind {
        case .latency: return ours.latency.map { $0.p50 / floor.value }
        case .throughput: return ours.throughput.map { $0 / floor.value }
        case .size: return ours.value.map { $0 / floor.value }
        }
    }
}
