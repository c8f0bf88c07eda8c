import MarfaRules

/// Tag sets (P-44): non-blank, at most 128 UTF-16 units each, at most 100 per item, a set in first-written order.
package enum TagRules {
    /// `tags` as a set in first-written order.
    /// - Throws: `400 validation_error` for a blank or long tag or more than 100.
    package static func set(_ tags: [String]) throws(Refusal) -> [String] {
        var result: [String] = []
        for tag in tags where !result.contains(tag) {
            do {
                try FieldRules.checkTag(tag)
            } catch {
                throw Refusal(error)
            }
            result.append(tag)
        }
        guard result.count <= FieldRules.maximumTags else {
            throw Refusal.validation(
                "An item holds at most \(FieldRules.maximumTags) tags.", details: ["field": "tags"])
        }
        return result
    }
}
