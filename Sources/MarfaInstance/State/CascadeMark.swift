import MarfaRules

/// What a move to the bin recorded on a row so a restore brings back exactly what that trash took (P-92).
package enum CascadeMark: Sendable, Hashable {
    /// The row went to the bin itself and took these rows along.
    case root(took: [String])
    /// The row went to the bin with `root`'s trash, from `priorState`.
    case member(root: String, priorState: ItemState)
}
