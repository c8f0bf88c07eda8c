extension FilterExpression {
    /// Writes the expression as filter text, quoting text safely; throws `validation` (`validation_error`) for an
    /// expression the instance would refuse.
    public func encoded() throws(MarfaError) -> String {
        try FilterRules.checkCount(conditions.count)
        var terms: [String] = []
        for condition in conditions {
            try FilterRules.check(condition)
            terms.append(Self.term(condition))
        }
        let text = terms.joined(separator: join == .all ? " AND " : " OR ")
        try FilterRules.checkLength(text)
        return text
    }

    private static func term(_ condition: FilterCondition) -> String {
        let head = condition.field.spelling + " " + condition.operator.rawValue
        switch condition.value {
        case .text(let text): return head + " " + quoted(text)
        case .number(let number): return head + " " + FilterValueText.literal(number)
        case .bool(let flag): return head + (flag ? " true" : " false")
        case .null: return head
        }
    }

    /// Text between double quotes, each quote inside written `\"`, scalar by scalar so no grapheme hides one.
    private static func quoted(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" { scalars.append("\\") }
            scalars.append(scalar)
        }
        scalars.append("\"")
        return String(scalars)
    }
}
