import MarfaRules

/// A property value as a property sort orders it (P-75, seed 000): numbers and booleans first (false as 0, true as
/// 1, compared as doubles), then text by its UTF-8 bytes, then everything else (absent, null, objects, arrays).
///
/// The `SortIndex` over these keys walks ascending as the seed's ascending sort reads. A descending sort reverses
/// numbers and text but keeps `.missing` last with ties by id ascending: walk `.descendingKeys` from
/// `.key(.missing, inclusive: false)`, then the `.missing` entries ascending (`SortIndex.forEachInPropertyOrder`).
package enum PropertySortKey: Comparable, Sendable {
    /// A number, or a boolean as 0 or 1.
    case number(Double)
    /// A string.
    case text(String)
    /// No sortable value: absent, null, an object or an array.
    case missing

    /// The key of a property value, nil meaning absent.
    /// - Complexity: O(1).
    package init(_ value: JSONValue?) {
        switch value {
        case .bool(let flag): self = .number(flag ? 1 : 0)
        case .integer(let integer): self = .number(Double(integer))
        case .number(let number): self = .number(number)
        case .string(let text): self = .text(text)
        case .null, .array, .object, .none: self = .missing
        }
    }

    /// The rank of the key's kind: numbers, then text, then missing.
    private var rank: Int {
        switch self {
        case .number: return 0
        case .text: return 1
        case .missing: return 2
        }
    }

    /// Whether `lhs` sorts before `rhs`: by kind, then numerically or by UTF-8 bytes.
    /// - Complexity: O(length of the shorter text).
    package static func < (lhs: PropertySortKey, rhs: PropertySortKey) -> Bool {
        switch (lhs, rhs) {
        case (.number(let left), .number(let right)): return left < right
        case (.text(let left), .text(let right)): return left.utf8.lexicographicallyPrecedes(right.utf8)
        default: return lhs.rank < rhs.rank
        }
    }

    /// Whether two keys are equal: equal numbers, or texts with the same bytes (not merely canonically equal).
    /// - Complexity: O(length of the texts).
    package static func == (lhs: PropertySortKey, rhs: PropertySortKey) -> Bool {
        switch (lhs, rhs) {
        case (.number(let left), .number(let right)): return left == right
        case (.text(let left), .text(let right)): return left.utf8.elementsEqual(right.utf8)
        case (.missing, .missing): return true
        default: return false
        }
    }
}

extension SortIndex where Key == PropertySortKey {
    /// Calls `body` with entries in the order of a property sort (seed 000): ascending puts numbers and booleans
    /// first, then text, then rows without a value; descending reverses numbers and text but still ends with the
    /// rows without a value; equal keys go by id ascending either way. `after` continues a page after that entry.
    /// - Complexity: O(log n) to start, O(1) amortized per entry, plus O(log n) per distinct key descending.
    package func forEachInPropertyOrder(
        descending: Bool, after: Entry? = nil, _ body: (Entry) throws -> Bool
    ) rethrows {
        guard descending else {
            try forEach(.ascending, from: after.map { .after($0.key, $0.order) } ?? .edge, body)
            return
        }
        var finished = false
        if after.map({ $0.key != .missing }) ?? true {
            let start: SortStart<PropertySortKey> = after.map { .after($0.key, $0.order) }
                ?? .key(.missing, inclusive: false)
            try forEach(.descendingKeys, from: start) { entry in
                let going = try body(entry)
                finished = !going
                return going
            }
        }
        guard !finished else { return }
        let start: SortStart<PropertySortKey> = after.flatMap { $0.key == .missing ? .after(.missing, $0.order) : nil }
            ?? .key(.missing, inclusive: true)
        try forEach(.ascending, from: start, body)
    }
}
