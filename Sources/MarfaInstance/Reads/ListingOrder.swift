import MarfaRules

/// How a listing is ordered (P-22, P-75, P-96): by created, updated or own time, or by a property, either way.
package enum ListingOrder: Sendable, Hashable {
    /// `created_at`, then id, in the same direction: the default (descending) and the indexed order.
    case created(descending: Bool)
    /// `updated_at`, then id.
    case updated(descending: Bool)
    /// `occurred_at`, then id.
    case occurred(descending: Bool)
    /// A property: numbers and Booleans first, then strings by bytes, then everything else last either way; ties by
    /// id ascending.
    case property(String, descending: Bool)

    /// The value a row is ordered by.
    package func value(of item: Item) -> JSONValue {
        switch self {
        case .created: return .string(item.createdAt)
        case .updated: return .string(item.updatedAt)
        case .occurred: return .string(item.occurredAt)
        case .property(let name, _): return item.property(name) ?? .null
        }
    }

    /// Whether the row at `(value, id)` comes before the row at `(otherValue, otherId)`.
    package func precedes(_ value: JSONValue, _ id: String, _ otherValue: JSONValue, _ otherId: String) -> Bool {
        switch self {
        case .created(let descending), .updated(let descending), .occurred(let descending):
            let left = RowKey(value.string ?? "", id)
            let right = RowKey(otherValue.string ?? "", otherId)
            return descending ? right < left : left < right
        case .property(_, let descending):
            let (leftRank, rightRank) = (Self.rank(value), Self.rank(otherValue))
            if leftRank.group == 2 || rightRank.group == 2 {
                if leftRank.group != rightRank.group { return leftRank.group < rightRank.group }
                return Self.idPrecedes(id, otherId)
            }
            if Self.sameSortValue(leftRank, rightRank) { return Self.idPrecedes(id, otherId) }
            return descending ? Self.below(rightRank, leftRank) : Self.below(leftRank, rightRank)
        }
    }

    private struct Rank {
        var group: Int
        var number: Double
        var text: String
    }

    private static func rank(_ value: JSONValue) -> Rank {
        switch value {
        case .integer, .number: return Rank(group: 0, number: value.number ?? 0, text: "")
        case .bool(let flag): return Rank(group: 0, number: flag ? 1 : 0, text: "")
        case .string(let text): return Rank(group: 1, number: 0, text: text)
        default: return Rank(group: 2, number: 0, text: "")
        }
    }

    private static func sameSortValue(_ left: Rank, _ right: Rank) -> Bool {
        left.group == right.group && left.number == right.number && left.text == right.text
    }

    private static func below(_ left: Rank, _ right: Rank) -> Bool {
        if left.group != right.group { return left.group < right.group }
        if left.group == 0 { return left.number < right.number }
        return left.text.utf8.lexicographicallyPrecedes(right.text.utf8)
    }

    private static func idPrecedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
