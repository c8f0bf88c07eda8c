import Foundation

/// What a list keeps (seed 000, "Filter and sort"): types with subtypes, states, tier, tags, time bounds, source,
/// a grammar filter, a subtree along `parent-of`, and a page.
public struct ListFilters: Sendable, Hashable {
    /// Up to ten types, each with its subtypes; nil keeps every type.
    public var types: Set<String>?
    /// The states kept; nil keeps active items only unless `allStates`.
    public var states: Set<ItemState>?
    /// Whether every state is kept.
    public var allStates: Bool
    /// The one tier kept.
    public var tier: Tier?
    /// Tags an item must all hold.
    public var tags: [String]
    /// Own time strictly after this instant.
    public var occurredAfter: String?
    /// Own time strictly before this instant.
    public var occurredBefore: String?
    /// The writer that created the items.
    public var source: String?
    /// Change time at or after this instant; the list then comes oldest change first.
    public var updatedAfter: String?
    /// Change time strictly before this instant.
    public var updatedBefore: String?
    /// An expression in the listing grammar.
    public var filter: String?
    /// An item whose subtree along `parent-of` is kept.
    public var beneath: String?
    /// The most rows answered.
    public var limit: UInt32?
    /// Rows skipped before the first answered.
    public var offset: UInt32?

    /// Makes filters; every field has a default that keeps everything active.
    public init(
        types: Set<String>? = nil, states: Set<ItemState>? = nil, allStates: Bool = false, tier: Tier? = nil,
        tags: [String] = [], occurredAfter: String? = nil, occurredBefore: String? = nil, source: String? = nil,
        updatedAfter: String? = nil, updatedBefore: String? = nil, filter: String? = nil, beneath: String? = nil,
        limit: UInt32? = nil, offset: UInt32? = nil
    ) {
        self.types = types
        self.states = states
        self.allStates = allStates
        self.tier = tier
        self.tags = tags
        self.occurredAfter = occurredAfter
        self.occurredBefore = occurredBefore
        self.source = source
        self.updatedAfter = updatedAfter
        self.updatedBefore = updatedBefore
        self.filter = filter
        self.beneath = beneath
        self.limit = limit
        self.offset = offset
    }

    /// `occurredAfter` as a `Date`; a bound given as a day reads as the start of that day in UTC (F041).
    public var occurredAfterDate: Date? {
        get { occurredAfter.flatMap(Timestamp.bound) }
        set { occurredAfter = newValue.map(Timestamp.string(from:)) }
    }

    /// `occurredBefore` as a `Date`.
    public var occurredBeforeDate: Date? {
        get { occurredBefore.flatMap(Timestamp.bound) }
        set { occurredBefore = newValue.map(Timestamp.string(from:)) }
    }

    /// `updatedAfter` as a `Date`.
    public var updatedAfterDate: Date? {
        get { updatedAfter.flatMap(Timestamp.bound) }
        set { updatedAfter = newValue.map(Timestamp.string(from:)) }
    }

    /// `updatedBefore` as a `Date`.
    public var updatedBeforeDate: Date? {
        get { updatedBefore.flatMap(Timestamp.bound) }
        set { updatedBefore = newValue.map(Timestamp.string(from:)) }
    }
}

/// What a search keeps: the list's narrowing without `source`, the `updated` bounds and paging.
public struct SearchFilters: Sendable, Hashable {
    /// Up to ten types, each with its subtypes.
    public var types: Set<String>?
    /// The states kept; nil keeps active items only unless `allStates`. The bin is never searched.
    public var states: Set<ItemState>?
    /// Whether every state but the bin is kept.
    public var allStates: Bool
    /// The one tier kept.
    public var tier: Tier?
    /// Tags an item must all hold.
    public var tags: [String]
    /// Own time strictly after this instant.
    public var occurredAfter: String?
    /// Own time strictly before this instant.
    public var occurredBefore: String?
    /// An expression in the listing grammar.
    public var filter: String?
    /// An item whose subtree along `parent-of` is kept.
    public var beneath: String?

    /// Makes search filters.
    public init(
        types: Set<String>? = nil, states: Set<ItemState>? = nil, allStates: Bool = false, tier: Tier? = nil,
        tags: [String] = [], occurredAfter: String? = nil, occurredBefore: String? = nil, filter: String? = nil,
        beneath: String? = nil
    ) {
        self.types = types
        self.states = states
        self.allStates = allStates
        self.tier = tier
        self.tags = tags
        self.occurredAfter = occurredAfter
        self.occurredBefore = occurredBefore
        self.filter = filter
        self.beneath = beneath
    }

    /// The same narrowing as list filters, for the shared evaluation.
    public var asListFilters: ListFilters {
        ListFilters(
            types: types, states: states, allStates: allStates, tier: tier, tags: tags, occurredAfter: occurredAfter,
            occurredBefore: occurredBefore, filter: filter, beneath: beneath)
    }
}
