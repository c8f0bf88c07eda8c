import MarfaRules

/// The part of the instance a copy holds: types (each with its subtypes), one tier, and edge types held whole.
package struct Slice: Sendable, Hashable, Codable {
    /// The types the slice takes.
    package var types: [String]
    /// The tier the slice takes.
    package var tier: SliceTier
    /// The edge types held whole, whichever end the copy holds.
    package var edgeTypes: [String]

    /// Makes a slice.
    package init(types: [String], tier: SliceTier, edgeTypes: [String] = []) {
        self.types = types
        self.tier = tier
        self.edgeTypes = edgeTypes
    }
}
