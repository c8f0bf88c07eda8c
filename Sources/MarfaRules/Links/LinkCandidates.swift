/// What one link target could name, read from the copy alone (F096, F097).
public struct LinkCandidates: Sendable, Hashable {
    /// How far the copy alone can say what the target names.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// It names one item: by a held id, or by a name the note already has an edge for.
        case bound
        /// It names more than one item the copy holds.
        case ambiguous
        /// The copy cannot say alone; the instance's lookup answers on save.
        case unresolved
    }

    /// The target as the link names it.
    public let target: String
    /// How far the copy can say what it names.
    public let state: State
    /// The items it could name; never an item in the bin.
    public let candidates: [Item]

    /// Makes the candidates of one target.
    public init(target: String, state: State, candidates: [Item]) {
        self.target = target
        self.state = state
        self.candidates = candidates
    }
}
