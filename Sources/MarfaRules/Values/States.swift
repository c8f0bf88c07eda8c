/// Where an item stands: in use, archived, in the bin, or withdrawn by the instance.
public enum ItemState: String, Sendable, Hashable, Codable, CaseIterable {
    case active
    case archived
    case trashed
    case revoked
}

/// The tier an item lives in: kept in the library, or passing through a feed.
public enum Tier: String, Sendable, Hashable, Codable, CaseIterable {
    case library
    case feed
}

/// The tier a slice holds: one tier, or both.
public enum SliceTier: String, Sendable, Hashable, Codable, CaseIterable {
    case library
    case feed
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
    case never
    case inProgress = "in_progress"
    case complete
    case expired
}

/// Whether a handle on a store may write (the first opener) or only read (WC-2).
public enum Handle: String, Sendable, Hashable, Codable {
    case writer
    case reader
}
