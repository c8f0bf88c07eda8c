/// Where the sync layer stands between what it fetched from the instance and the one engine call that judges and
/// applies it: the place a race would slip in if the judgement were made before the wait (issue 27).
package enum FetchApplyStep: Sendable, Hashable {
    /// An event about to be handed to the engine; its id.
    case event(String)
    /// A pinned row fetched and about to be held; the item's id.
    case pin(String)
}

/// A pause the sync layer takes at each `FetchApplyStep`, so interleaving tests can change the copy there and see
/// that the engine judges against the copy as it is when it applies. Running copies use `none`.
package struct FetchApplySeam: Sendable {
    /// Called at each step and awaited before the engine is called.
    package var pause: @Sendable (FetchApplyStep) async -> Void

    /// A seam that calls `pause` at each step.
    package init(pause: @escaping @Sendable (FetchApplyStep) async -> Void) {
        self.pause = pause
    }

    /// The seam of a running copy: no pause.
    package static let none = FetchApplySeam { _ in }
}
