/// The shape rules a write must meet before it is queued: type names, tags, property names.
package enum FieldRules {
    /// The most tags an item holds (P-44).
    package static let maximumTags = 100
    /// The longest tag, in UTF-16 code units (P-44).
    package static let maximumTagLength = 128

    /// Whether `type` follows the type grammar: dot-separated segments of `[a-z0-9_-]`, at least two.
    package static func isTypeName(_ type: String) -> Bool {
        let segments = type.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2, type.utf8.count <= 128 else { return false }
        return segments.allSatisfy { segment in
            !segment.isEmpty && segment.utf8.allSatisfy { byte in
                (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2D
            }
        }
    }

    /// Refuses a type name outside the grammar with `validation` / `validation_error`.
    package static func checkType(_ type: String) throws(MarfaError) {
        guard isTypeName(type) else {
            throw MarfaError.validation(code: "validation_error", message: "\"\(type)\" is not a type name")
        }
    }

    /// Refuses a blank tag or one longer than 128 UTF-16 units with `validation` / `validation_error`.
    package static func checkTag(_ tag: String) throws(MarfaError) {
        guard !tag.allSatisfy(\.isWhitespace) else {
            throw MarfaError.validation(code: "validation_error", message: "a tag cannot be blank")
        }
        guard tag.utf16.count <= maximumTagLength else {
            throw MarfaError.validation(
                code: "validation_error", message: "a tag holds at most \(maximumTagLength) UTF-16 code units")
        }
    }

    /// Refuses empty property names and NUL characters with `validation` / `invalid_properties`, then checks numbers.
    package static func checkProperties(_ properties: JSONObject) throws(MarfaError) {
        for (name, value) in properties {
            guard !name.isEmpty else {
                throw MarfaError.validation(code: "invalid_properties", message: "a property name cannot be empty")
            }
            if containsNul(value) {
                throw MarfaError.validation(
                    code: "invalid_properties", message: "\(name): text cannot hold a NUL character",
                    details: ["field": .string(name)])
            }
        }
        try ExactIntegerRule.check(properties)
    }

    private static func containsNul(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return text.utf8.contains(0)
        case .array(let elements): return elements.contains(where: containsNul)
        case .object(let members): return members.values.contains(where: containsNul)
        default: return false
        }
    }
}
