/// An operator of the listing grammar; the raw value is its spelling in filter text (`starts_with`, `not_exists`).
public enum FilterOperator: String, Sendable, Hashable, Codable, CaseIterable {
    /// Equal to the value.
    case eq
    /// Not equal to the value; an absent or null value matches neither `eq` nor `neq`.
    case neq
    /// Greater than the value.
    case gt
    /// Greater than or equal to the value.
    case gte
    /// Less than the value.
    case lt
    /// Less than or equal to the value.
    case lte
    /// Holds the value's text anywhere, ignoring ASCII case; on `tags`, carries exactly that tag.
    case contains
    /// Begins with the value's text, ignoring ASCII case.
    case startsWith = "starts_with"
    /// Present and not null; on `tags` or an edge, at least one is held.
    case exists
    /// Absent or null; on `tags` or an edge, none is held.
    case notExists = "not_exists"

    /// Whether the operator compares with a value; `exists` and `notExists` take none.
    public var takesValue: Bool {
        self != .exists && self != .notExists
    }

    /// Whether the operator is a LIKE match (`contains`, `starts_with`).
    var isPattern: Bool {
        self == .contains || self == .startsWith
    }

    /// Whether the operator is an ordering or an equality (`eq` through `lte`).
    var isOrdering: Bool {
        takesValue && !isPattern
    }
}
