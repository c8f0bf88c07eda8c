import MarfaRules

/// Where a copy stands for sync, read in one turn: its slice, cursor, fill state, pins, instance and row counts.
/// A small value, so a sync actor holds no copy of the whole state across a wait.
package struct CopyStanding: Sendable, Hashable {
    /// The slice the last fill took.
    package var slice: Slice?
    /// The id of the last event applied.
    package var cursor: String?
    /// How far the copy has been filled.
    package var hydration: Hydration
    /// Items held whatever the slice says, in the order they were pinned.
    package var pins: [String]
    /// The instance the copy was filled from.
    package var instanceId: String?
    /// How many items the copy holds, in every state.
    package var items: Int
    /// How many edges it holds.
    package var edges: Int
}
