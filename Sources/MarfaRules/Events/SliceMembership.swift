/// What a copy's slice takes, as the event rule needs it: the types (with their subtrees), the tier, the edge
/// types held whole, and the pins.
package struct SliceMembership: Sendable {
    /// Whether the slice takes items of a type; the caller's closure answers for subtypes through the catalog.
    package var admitsType: @Sendable (String) -> Bool
    /// The tier the slice holds.
    package var tier: SliceTier
    /// Edge types held whole: every readable edge of these is held, whichever end is held.
    package var wholeEdgeTypes: Set<String>
    /// Items held by id whatever the slice says (WC-38).
    package var pins: Set<String>

    /// Makes a slice membership from its parts.
    package init(
        tier: SliceTier, wholeEdgeTypes: Set<String> = [], pins: Set<String> = [],
        admitsType: @escaping @Sendable (String) -> Bool
    ) {
        self.admitsType = admitsType
        self.tier = tier
        self.wholeEdgeTypes = wholeEdgeTypes
        self.pins = pins
    }

    /// Whether the slice takes the item `id` of `type` in `tier`: pinned, or of a taken type in the slice's tier.
    package func takes(itemId id: String, type: String, tier itemTier: Tier?) -> Bool {
        pins.contains(id) || (admitsType(type) && tier.admits(itemTier))
    }
}
