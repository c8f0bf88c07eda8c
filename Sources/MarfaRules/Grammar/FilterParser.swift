/// Reads filter text into a `FilterExpression`, refusing what the instance refuses, in the order it refuses it.
struct FilterParser {
    private let tokens: [FilterToken]
    private var index = 0

    /// Reads `text` whole.
    static func parse(_ text: String) throws(MarfaError) -> FilterExpression {
        guard !text.unicodeScalars.allSatisfy(\.properties.isWhitespace) else {
            throw FilterRules.refusal("A filter expression cannot be empty")
        }
        try FilterRules.checkLength(text)
        var lexer = FilterLexer(text)
        var parser = FilterParser(tokens: try lexer.tokens())
        let expression = try parser.expression()
        for condition in expression.conditions {
            try FilterRules.checkMeaning(of: condition)
        }
        return expression
    }

    private init(tokens: [FilterToken]) {
        self.tokens = tokens
    }

    private mutating func expression() throws(MarfaError) -> FilterExpression {
        var conditions: [FilterCondition] = []
        var join: FilterExpression.Join?
        while index < tokens.count {
            conditions.append(try condition())
            if conditions.count > FilterRules.maxConditions {
                try FilterRules.checkCount(conditions.count)
            }
            guard index < tokens.count else { break }
            let joiner = tokens[index]
            let found: FilterExpression.Join
            switch joiner.kind {
            case .word("AND"): found = .all
            case .word("OR"): found = .any
            default:
                throw FilterRules.refusal("Expected AND or OR at position \(joiner.position), found \"\(joiner.raw)\"")
            }
            if let join, join != found {
                throw FilterRules.refusal(
                    "AND and OR cannot be mixed in one filter: found \(joiner.raw) at position \(joiner.position) "
                        + "after \(join == .all ? "AND" : "OR"). Use only one of them")
            }
            join = found
            index += 1
            guard index < tokens.count else {
                throw FilterRules.refusal("The filter ends after \(joiner.raw): another condition must follow")
            }
        }
        return FilterExpression(conditions: conditions, join: join ?? .all)
    }

    private mutating func condition() throws(MarfaError) -> FilterCondition {
        let fieldToken = try next(expecting: "a field name")
        guard case .word(let name) = fieldToken.kind else {
            throw FilterRules.refusal(
                "Expected a field name at position \(fieldToken.position), found \(fieldToken.raw)")
        }
        let field = try FilterRules.field(named: name, at: fieldToken.position)
        let operatorToken = try next(expecting: "an operator")
        guard case .word(let spelling) = operatorToken.kind else {
            throw FilterRules.refusal(
                "Expected an operator at position \(operatorToken.position), found \(operatorToken.raw)")
        }
        guard let `operator` = FilterOperator(rawValue: spelling) else {
            let known = FilterOperator.allCases.map(\.rawValue).joined(separator: ", ")
            throw FilterRules.refusal(
                "Unknown operator \"\(spelling)\" at position \(operatorToken.position). The operators are \(known)")
        }
        try FilterRules.check(`operator`, for: field)
        guard `operator`.takesValue else {
            return FilterCondition(field: field, operator: `operator`)
        }
        let valueToken = try next(expecting: "a value")
        let value: FilterValue
        switch valueToken.kind {
        case .text(let text): value = .text(text)
        case .number(let number): value = .number(number)
        case .bool(let flag): value = .bool(flag)
        case .null:
            throw FilterRules.nullRefusal(
                FilterCondition(field: field, operator: `operator`), at: valueToken.position)
        case .word:
            throw FilterRules.refusal(
                "Expected a value at position \(valueToken.position), found \"\(valueToken.raw)\"")
        }
        return FilterCondition(field: field, operator: `operator`, value: value)
    }

    private mutating func next(expecting what: String) throws(MarfaError) -> FilterToken {
        guard index < tokens.count else {
            let after = index > 0 ? " after \"\(tokens[index - 1].raw)\"" : ""
            throw FilterRules.refusal("The filter ends\(after): expected \(what)")
        }
        index += 1
        return tokens[index - 1]
    }
}

extension FilterExpression {
    /// Reads filter text, such as a saved view's, back into conditions; throws `validation` (`validation_error`) for
    /// text the instance would refuse.
    public init(decoding text: String) throws(MarfaError) {
        self = try FilterParser.parse(text)
    }
}
