/// One term of a filter: a field, an operator and the value it compares with (`.null` for `exists`, `not_exists`).
public struct FilterCondition: Sendable, Hashable, Codable {
    /// The field the condition tests.
    public var field: FilterField
    /// How the field is tested.
    public var `operator`: FilterOperator
    /// The value compared with, or `.null` where the operator takes none.
    public var value: FilterValue

    /// Makes a condition; `value` stays `.null` for `exists` and `notExists`.
    public init(field: FilterField, operator: FilterOperator, value: FilterValue = .null) {
        self.field = field
        self.operator = `operator`
        self.value = value
    }

    /// The text a `contains` or `starts_with` condition looks for, as the match reads it (a number as JavaScript
    /// writes it, a Boolean as `true`/`false`), or nil for any other operator; an index of candidates folds ASCII case.
    package var patternText: String? {
        guard self.operator.isPattern else { return nil }
        return FilterValueText.pattern(of: value)
    }
}
