import MarfaRules

/// Typed reads of a JSON request body's members: absent and `null` read as nil, the wrong kind is refused
/// `400 validation_error` naming the member.
package struct BodyFields: Sendable {
    /// The body's members.
    package let members: JSONObject

    /// Wraps a body.
    package init(_ members: JSONObject) {
        self.members = members
    }

    /// Whether `key` is present (even as `null`).
    package func has(_ key: String) -> Bool {
        members[key] != nil
    }

    /// The text member `key`.
    package func string(_ key: String) throws(Refusal) -> String? {
        guard let value = present(key) else { return nil }
        guard let text = value.string else { throw wrong(key, "a string") }
        return text
    }

    /// The whole-number member `key`.
    package func integer(_ key: String) throws(Refusal) -> Int64? {
        guard let value = present(key) else { return nil }
        guard case .integer(let number) = value else { throw wrong(key, "a whole number") }
        return number
    }

    /// The Boolean member `key`.
    package func bool(_ key: String) throws(Refusal) -> Bool? {
        guard let value = present(key) else { return nil }
        guard let flag = value.bool else { throw wrong(key, "true or false") }
        return flag
    }

    /// The object member `key`.
    package func object(_ key: String) throws(Refusal) -> JSONObject? {
        guard let value = present(key) else { return nil }
        guard let object = value.object else { throw wrong(key, "an object") }
        return object
    }

    /// The list-of-strings member `key`.
    package func strings(_ key: String) throws(Refusal) -> [String]? {
        guard let value = present(key) else { return nil }
        guard let elements = value.array, elements.allSatisfy({ $0.string != nil }) else {
            throw wrong(key, "a list of strings")
        }
        return elements.compactMap(\.string)
    }

    /// The number member `key`, verbatim.
    package func number(_ key: String) throws(Refusal) -> JSONValue? {
        guard let value = present(key) else { return nil }
        guard value.number != nil else { throw wrong(key, "a number") }
        return value
    }

    /// The `{edge_type: [target ids]}` member `key`.
    package func edgeMap(_ key: String) throws(Refusal) -> [String: [String]]? {
        guard let object = try object(key) else { return nil }
        var map: [String: [String]] = [:]
        for (type, targets) in object {
            guard let list = targets.array, list.allSatisfy({ $0.string != nil }) else {
                throw wrong("\(key).\(type)", "a list of item ids")
            }
            map[type] = list.compactMap(\.string)
        }
        return map
    }

    /// Refuses members outside `allowed` with `400 validation_error`.
    package func refuseOthers(than allowed: Set<String>) throws(Refusal) {
        let unknown = members.keys.filter { !allowed.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw Refusal.validation(
                "Unknown field\(unknown.count == 1 ? "" : "s"): \(unknown.joined(separator: ", ")).",
                details: ["errors": .array(unknown.map { ["field": .string($0), "message": "not accepted here"] })])
        }
    }

    private func present(_ key: String) -> JSONValue? {
        guard let value = members[key], !value.isNull else { return nil }
        return value
    }

    private func wrong(_ key: String, _ kind: String) -> Refusal {
        Refusal.validation("\(key) must be \(kind).", details: ["field": .string(key)])
    }
}
