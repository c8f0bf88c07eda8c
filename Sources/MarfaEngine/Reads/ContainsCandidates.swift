import MarfaRules

/// The rows a list's `contains` conditions can leave, from the word index, so such a list never scans every row
/// (P-26, issue 3): every row whose property holds the operand (ASCII case aside) has a search field (the property
/// is in the title or the body) whose normal form holds the operand's, so the words it spans find it
/// (`WordIndex.candidates(forOperand:)`); a property the index does not hold as text (a number, a Boolean, an
/// array or object, a thumbnail) is added from `ReadIndexes.rows(withUnindexedText:)`. The list's evaluator still
/// checks every candidate.
///
/// A condition on a type's title property reads that property's own word index instead (Decision 0042): a title is
/// a few words, so its words find the rows whose title can hold the operand, where the shared index's words find
/// every row whose title, body or tags can (for a word that is mostly in bodies, nearly every candidate fails).
///
/// Only conditions every row must meet narrow (a lone condition or an `AND`), with a text operand whose normal form
/// has two bytes or more, and only for lists that leave the bin out (the word index holds no binned row).
enum ContainsCandidates {
    /// The property and normalized operand of each `contains` condition that narrows `query`.
    static func required(by query: ListQuery) -> [(property: String, pattern: [UInt8])] {
        guard let expression = query.expression, expression.join == .all || expression.conditions.count == 1,
            !query.states.contains(.trashed)
        else { return [] }
        return expression.conditions.compactMap { condition in
            guard case .property(let name) = condition.field, condition.operator == .contains,
                case .text(let operand) = condition.value
            else { return nil }
            let pattern = SearchText.normalizedOperand(operand)
            return pattern.count >= 2 ? (name, pattern) : nil
        }
    }

    /// Whether a `contains` on `property` reads the property's own word index (`ReadIndexes.propertyWords`) rather
    /// than the shared one: when it is the title property of some type (or of a type with no hint, `title`), text
    /// short enough that a second index of it costs little.
    static func readsOwnIndex(_ property: String, catalog: CatalogSnapshot) -> Bool {
        property == "title" || catalog.itemTypes.contains { catalog.titleField(of: $0.id) == property }
    }

    /// The rows that can meet every narrowing `contains` condition of `query`, or nil when none narrows (or the
    /// word indexes they read, chosen by `readsOwnIndex` under `catalog`, are not built).
    /// - Complexity: the word look-ups and unions of each operand, then the intersection of the conditions.
    static func rows(for query: ListQuery, in indexes: ReadIndexes, catalog: CatalogSnapshot) -> RowSet? {
        let conditions = required(by: query)
        guard !conditions.isEmpty else { return nil }
        let sets = conditions.compactMap { condition -> RowSet? in
            let words = readsOwnIndex(condition.property, catalog: catalog)
                ? indexes.propertyWords[condition.property] : indexes.words
            return words?.candidates(forOperand: condition.pattern).map {
                $0.union(indexes.rows(withUnindexedText: condition.property))
            }
        }
        return RowSet.intersection(of: sets)
    }
}
