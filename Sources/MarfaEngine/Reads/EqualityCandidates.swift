import MarfaRules

/// The rows a list's `eq` conditions on a property with a text operand can leave, from the property value indexes
/// (Decision 0050), so a walk decides such a condition from a row set instead of reading the item of every row it
/// passes. A text literal meets only a text value under `eq` (numbers sort before text and never equal it), so the
/// rows whose value has the operand's bytes, plus those holding a long or structured value, hold every match.
///
/// Only conditions every row must meet narrow (a lone condition or an `AND`). When those are the whole grammar
/// filter and no row holds a long or structured value of their properties, the rows are exactly the matches and the
/// list's evaluator is not asked again (`decidesExpression`).
enum EqualityCandidates {
    /// The property and text operand of each `eq` condition that narrows `query`.
    static func required(by query: ListQuery) -> [(property: String, operand: String)] {
        guard let expression = query.expression, expression.join == .all || expression.conditions.count == 1
        else { return [] }
        return expression.conditions.compactMap { condition in
            guard case .property(let name) = condition.field, condition.operator == .eq,
                case .text(let operand) = condition.value
            else { return nil }
            return (name, operand)
        }
    }

    /// The rows that can meet every narrowing `eq` condition of `query`, and whether they are exactly the rows
    /// meeting its whole grammar filter; nil when none narrows (or none of the properties they name has a value
    /// index).
    /// - Complexity: a look-up per condition, then the intersection of the conditions.
    static func rows(for query: ListQuery, in indexes: ReadIndexes) -> (rows: RowSet, decidesExpression: Bool)? {
        let conditions = required(by: query)
        guard !conditions.isEmpty else { return nil }
        let answers = conditions.compactMap { indexes.propertyValues.rows($0.property, equalTo: $0.operand) }
        guard let rows = RowSet.intersection(of: answers.map(\.rows)) else { return nil }
        let decides = answers.count == conditions.count && answers.allSatisfy(\.exact)
            && conditions.count == query.expression?.conditions.count
        return (rows, decides)
    }
}
