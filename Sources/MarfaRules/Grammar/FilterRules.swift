/// The grammar's rules on fields, operators, values and size, shared by the reader, the writer and the evaluator so
/// each refuses what the instance refuses, with its `validation_error`.
enum FilterRules {
    /// The most conditions one expression may join.
    static let maxConditions = 10
    /// The longest expression, in UTF-16 code units.
    static let maxLength = 2048

    /// A refusal as the instance words it: `validation` carrying `validation_error`.
    static func refusal(_ message: String) -> MarfaError {
        .validation(code: "validation_error", message: message, details: nil)
    }

    /// Reads a field from its spelling (`state`, `properties.title`, `tags`, `edge[about]`, `part`, `status_group`).
    static func field(named name: String, at position: Int) throws(MarfaError) -> FilterField {
        if let (inbound, edgeType) = edgeReference(name) {
            return inbound ? .backref(edgeType) : .edge(edgeType)
        }
        if name.hasPrefix("properties.") {
            let property = FilterField.property(String(name.dropFirst("properties.".count)))
            try check(property, at: position)
            return property
        }
        if let field = ([.tags, .part, .statusGroup] + FilterField.systemFields).first(where: { $0.spelling == name }) {
            return field
        }
        let system = FilterField.systemFields.map(\.spelling).joined(separator: ", ")
        throw refusal(
            "Unknown field \"\(name)\" at position \(position). The system fields are \(system); use "
                + "properties.<name> for a property, tags for tags, edge[<type>] for an edge")
    }

    /// `edge[<type>]` or `backref[<type>]` as a whole word, with whether it is a backref and the edge type; the type is
    /// not empty and holds no `]` or whitespace.
    static func edgeReference(_ word: String) -> (inbound: Bool, edgeType: String)? {
        let inbound: Bool
        let rest: Substring
        if word.hasPrefix("edge[") {
            (inbound, rest) = (false, word.dropFirst("edge[".count))
        } else if word.hasPrefix("backref[") {
            (inbound, rest) = (true, word.dropFirst("backref[".count))
        } else {
            return nil
        }
        guard rest.hasSuffix("]") else { return nil }
        let edgeType = rest.dropLast()
        guard !edgeType.isEmpty, !edgeType.contains("]"), !edgeType.unicodeScalars.contains(where: isSpace) else {
            return nil
        }
        return (inbound, String(edgeType))
    }

    /// Whether `scalar` is whitespace as the server's pattern `\s` reads it, where an edge reference's word ends.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.isWhitespace && scalar != "\u{85}") || scalar == "\u{FEFF}"
    }

    /// Refuses a property name or an edge type the grammar cannot read back.
    static func check(_ field: FilterField, at position: Int?) throws(MarfaError) {
        let place = position.map { " at position \($0)" } ?? ""
        switch field {
        case .property(let name):
            if name.isEmpty {
                throw refusal("Missing a property name after \"properties.\"\(place)")
            }
            if name.contains(".") {
                throw refusal(
                    "Nested property path \"\(name)\"\(place): a filter reads only a top-level property, "
                        + "written properties.<name>")
            }
            guard isPropertyName(name) else {
                throw refusal("Invalid property name \"\(name)\": a name must match [A-Za-z_][A-Za-z0-9_]*")
            }
        case .edge(let edgeType), .backref(let edgeType):
            guard edgeReference(field.spelling) != nil else {
                throw refusal(
                    "Invalid edge type \"\(edgeType)\": it must not be empty and must hold no \"]\" or whitespace")
            }
        default:
            return
        }
    }

    /// Refuses an operator the field does not take.
    static func check(_ operator: FilterOperator, for field: FilterField) throws(MarfaError) {
        guard !field.operators.contains(`operator`) else { return }
        let allowed = field.operators.map(\.rawValue).joined(separator: ", ")
        let reason = field.isSystem ? "; a system field always exists, so it takes no exists or not_exists" : ""
        throw refusal(
            "Operator \"\(`operator`.rawValue)\" does not apply to \(field.spelling), which takes \(allowed)\(reason)")
    }

    /// Refuses a `null` where a value goes, pointing to the operator that asks about absence.
    static func nullRefusal(_ condition: FilterCondition, at position: Int?) -> MarfaError {
        let place = position.map { " at position \($0)" } ?? ""
        let never =
            "null is not a value to compare with, so \"\(condition.operator.rawValue) null\" never matches\(place)."
        switch condition.field {
        case .property:
            return refusal("\(never) Use not_exists for a property that is absent or null, exists for one with a value")
        case .edge, .backref:
            return refusal("\(never) Use not_exists for items without such an edge, exists for items with one")
        case .tags:
            return refusal("\(never) Name the tag to look for")
        default:
            return refusal("\(never) Compare \(condition.field.spelling) with a value")
        }
    }

    /// Refuses a condition the instance would refuse: its field, its operator, and its value.
    static func check(_ condition: FilterCondition) throws(MarfaError) {
        try check(condition.field, at: nil)
        try check(condition.operator, for: condition.field)
        switch condition.value {
        case .null where condition.operator.takesValue:
            throw nullRefusal(condition, at: nil)
        case .text(let text) where text.unicodeScalars.last == "\\":
            throw refusal("Text ending in a backslash cannot be written in a filter: its only escape is \\\"")
        case .number(let number) where !number.isFinite:
            throw refusal("The number \(number) cannot be written in a filter: a filter number must be finite")
        default:
            break
        }
        if !condition.operator.takesValue, condition.value != .null {
            throw refusal(
                "\"\(condition.operator.rawValue)\" takes no value, but the condition on \(condition.field.spelling) "
                    + "carries one")
        }
        try checkMeaning(of: condition)
    }

    /// Refuses a value the field cannot be compared with, after the expression has been read: a time that is not one,
    /// a `part` value that is not a Boolean, a `status_group` value that names no group.
    static func checkMeaning(of condition: FilterCondition) throws(MarfaError) {
        switch condition.field {
        case let field where field.isTime && condition.operator.isOrdering:
            _ = try timeLiteral(of: condition)
        case .part:
            guard case .bool = condition.value else {
                throw refusal("part takes eq or neq with true or false")
            }
        case .statusGroup:
            guard case .text(let word) = condition.value, StatusGroup(rawValue: word) != nil else {
                let groups = StatusGroup.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw refusal("status_group takes eq or neq with one of \(groups)")
            }
        default:
            break
        }
    }

    /// The normalised timestamp an `eq`…`lte` condition on an item's own time compares with.
    static func timeLiteral(of condition: FilterCondition) throws(MarfaError) -> String {
        guard case .text(let text) = condition.value else {
            throw refusal("Invalid \(condition.field.spelling): expected a quoted timestamp")
        }
        return try FilterTimestamp.normalized(text, field: condition.field.spelling)
    }

    /// Refuses an expression of no conditions or of too many.
    static func checkCount(_ count: Int) throws(MarfaError) {
        if count == 0 {
            throw refusal("A filter expression cannot be empty")
        }
        if count > maxConditions {
            throw refusal("The filter has \(count) conditions; at most \(maxConditions) are allowed")
        }
    }

    /// Refuses text longer than the grammar reads.
    static func checkLength(_ text: String) throws(MarfaError) {
        let length = text.utf16.count
        if length > maxLength {
            throw refusal("The filter is \(length) UTF-16 units long; at most \(maxLength) are allowed")
        }
    }

    private static func isPropertyName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
