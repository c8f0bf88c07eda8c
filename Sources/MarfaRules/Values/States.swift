/// Where an item stands: in use, archived, in the bin, or withdrawn by the instance.
public enum ItemState: String, Sendable, Hashable, Codable, CaseIterable {
    /// In use.
    case active
    /// Put away, still listed with `allStates`.
    case archived
    /// In the bin.
    case trashed
    /// Withdrawn by the instance; never written by a copy.
    case revoked
}

/// The tier an item lives in: kept in the library, or passing through a feed.
public enum Tier: String, Sendable, Hashable, Codable, CaseIterable {
    /// Kept in the library.
    case library
    /// Passing through a feed.
    case feed
}

/// The tier a slice holds: one tier, or both.
public enum SliceTier: String, Sendable, Hashable, Codable, CaseIterable {
    /// Kept in the library.
    case library
    /// Passing through a feed.
    case feed
    /// Both tiers.
    case all

    /// Whether an item in `tier` belongs to a slice of this tier.
    public func admits(_ tier: Tier?) -> Bool {
        switch self {
        case .all: return true
        case .library: return tier == .library || tier == nil
        case .feed: return tier == .feed
        }
    }
}

/// How far a copy has been filled (WC-6): never, started and not finished, whole, or told its cursor is retired.
public enum Hydration: String, Sendable, Hashable, Codable {
    /// The store has never been filled.
    case never
    /// A fill started and did not finish.
    case inProgress = "in_progress"
    /// Filled, and nothing said otherwise.
    case complete
    /// Told its cursor is retired.
    case expired
}

/// Whether a handle on a store may write (the first opener) or only read (WC-2).
public enum Handle: String, Sendable, Hashable, Codable {
    /// This handle writes.
    case writer
    /// This handle only reads.
    case reader
}
