/// An item id as the id map keys it: a lowercase UUID (the form every item id takes, P-12) as its 128 bits, held
/// inline so a lookup compares two words rather than following a string to its bytes; any other id as itself.
///
/// Only the canonical lowercase form becomes `.uuid` (`ItemOrder(id:)`), so two different ids never share a key.
package enum ItemKey: Hashable, Sendable {
    /// A lowercase UUID's bits.
    case uuid(ItemOrder)
    /// Any other id.
    case text(String)

    /// The key of `id`.
    /// - Complexity: O(1) for a UUID (its 36 bytes read once).
    package init(_ id: String) {
        self = ItemOrder(id: id).map(Self.uuid) ?? .text(id)
    }

    /// The UUID's bits, or nil for any other id.
    var order: ItemOrder? {
        if case .uuid(let order) = self { order } else { nil }
    }

    /// The id, or nil for a UUID (held as bits).
    var text: String? {
        if case .text(let id) = self { id } else { nil }
    }

    /// Hashes a UUID's low half alone: its random bits (the high half of a version 7 UUID is mostly its time).
    package func hash(into hasher: inout Hasher) {
        switch self {
        case .uuid(let order): hasher.combine(order.low)
        case .text(let id): hasher.combine(id)
        }
    }
}
