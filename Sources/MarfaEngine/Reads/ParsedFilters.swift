import MarfaRules
import MarfaLocks

/// Grammar filters already parsed and checked, by their text: a list asked again with the same filter (a view
/// refreshing, the next page) skips the lexer, the parser and the check, which cost more than a short list's walk.
package enum ParsedFilters {
    private static let known = LockedValue<[String: FilterEvaluator]>([:])
    /// The most filters kept; the cache starts over when it is full.
    private static let capacity = 256

    /// How many filters are kept now.
    package static var keptCount: Int { known.withLock { $0.count } }

    /// The evaluator of `text` as a copy answers it (backrefs refused, WC-58), or the refusal of a text the grammar
    /// does not accept (refusals are not kept: asking again refuses again).
    /// - Complexity: O(text) to hash it; O(text) more to parse it the first time.
    package static func evaluator(for text: String) throws(MarfaError) -> FilterEvaluator {
        if let evaluator = known.withLock({ $0[text] }) { return evaluator }
        let evaluator = try FilterEvaluator(FilterExpression(decoding: text), answersBackrefs: false)
        known.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[text] = evaluator
        }
        return evaluator
    }
}
