import MarfaRules

/// One list query of the set: filters, a sort and a page, as both sides answer it.
///
/// Semantics: types match exactly (the benchmark types have no subtypes); no state named means `active` (WC-50);
/// every tag given is required; `occurred_at` bounds are exclusive (WC-53); `status eq` compares the property's
/// text; `contains` is a substring of the title with ASCII case folded (P-26); `beneath` is every item under the
/// given one along `parent-of` edges, at any depth, not the item itself. Rows are ordered by the timestamp, then by
/// id in the same direction, so ties never depend on storage order.
struct BenchListQuery: Codable, Sendable {
    /// Which timestamp a list sorts by.
    enum SortField: String, Codable, Sendable, CaseIterable {
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case occurredAt = "occurred_at"
    }

    /// A condition on one property.
    struct PropertyCondition: Codable, Sendable {
        /// The comparison.
        enum Operator: String, Codable, Sendable {
            case equals = "eq"
            case contains
        }

        /// The top-level property's name.
        var name: String
        /// The comparison.
        var op: Operator
        /// The text compared with.
        var value: String
    }

    /// A short stable name (`type-state-created-desc`).
    var name: String
    /// Types to match; empty matches every type.
    var types: [String] = []
    /// States to match.
    var states: [ItemState] = [.active]
    /// The tier to match, if any.
    var tier: Tier?
    /// Tags every row must carry.
    var tags: [String] = []
    /// Exclusive lower bound on `occurred_at`.
    var occurredAfter: String?
    /// Exclusive upper bound on `occurred_at`.
    var occurredBefore: String?
    /// A property condition, if any.
    var property: PropertyCondition?
    /// Only items beneath this one along `parent-of`.
    var beneath: String?
    /// The sort field.
    var sort: SortField = .createdAt
    /// Newest first when true.
    var descending = true
    /// The page size; nil lists every row (materialization).
    var limit: Int? = 50
    /// Rows skipped before the page.
    var offset = 0
}
