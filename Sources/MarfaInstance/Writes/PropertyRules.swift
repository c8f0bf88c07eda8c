import MarfaRules

/// The property checks of item writes (P-60, P-82): names, NULs and exact numbers first, then each declared field's
/// kind and length, then required fields.
package enum PropertyRules {
    /// The longest string a field without `maxLength` holds, in UTF-16 units.
    package static let defaultMaxLength = 100_000

    /// Refuses what the shared field rules refuse, then every declared field holding a value of the wrong kind,
    /// with `400 invalid_properties` and `details.errors[].field`.
    package static func checkValues(_ properties: JSONObject, type: ItemType) throws(Refusal) {
        do {
            try FieldRules.checkProperties(properties)
        } catch {
            throw Refusal(error)
        }
        var errors: [JSONValue] = []
        for field in type.fields {
            guard let value = properties[field.name], !value.isNull else { continue }
            if let problem = problem(with: value, field: field) {
                errors.append(["field": .string(field.name), "message": .string(problem)])
            }
        }
        for (name, value) in properties where type.fields.first(where: { $0.name == name }) == nil {
            if let text = value.string, text.utf16.count > defaultMaxLength {
                errors.append([
                    "field": .string(name), "message": .string("longer than \(defaultMaxLength) UTF-16 units"),
                ])
            }
        }
        guard errors.isEmpty else {
            throw Refusal(
                400, "invalid_properties", "Some properties do not fit the type \(type.id).",
                details: ["errors": .array(errors)])
        }
    }

    /// The first required field of `type` that `properties` lacks (absent or null), in name order.
    package static func missingRequired(_ properties: JSONObject, type: ItemType) -> String? {
        type.fields.first { $0.required && (properties[$0.name] ?? .null).isNull }?.name
    }

    /// Refuses a row that lacks a required field after an update: `400 invalid_properties` naming it.
    package static func checkRequired(_ properties: JSONObject, type: ItemType) throws(Refusal) {
        guard let missing = missingRequired(properties, type: type) else { return }
        throw Refusal(
            400, "invalid_properties", "\(missing) is required by \(type.id).",
            details: ["errors": [["field": .string(missing), "message": "required"]], "field": .string(missing)])
    }

    private static func problem(with value: JSONValue, field: TypeField) -> String? {
        let definition = field.definition
        switch field.type {
        case "number": return value.number == nil ? "must be a number" : nil
        case "integer": return value.integer == nil ? "must be a whole number" : nil
        case "boolean": return value.bool == nil ? "must be true or false" : nil
        case "object": return value.object == nil ? "must be an object" : nil
        case "array":
            guard let elements = value.array else { return "must be an array" }
            if let limit = definition["maxItems"]?.integer, elements.count > limit { return "holds too many items" }
            if definition["items_type"]?.string == "string", !elements.allSatisfy({ $0.string != nil }) {
                return "must hold strings"
            }
            return nil
        default:
            guard let text = value.string else { return "must be a string" }
            let limit = definition["maxLength"]?.integer.map(Int.init) ?? defaultMaxLength
            if text.utf16.count > limit { return "longer than \(limit) UTF-16 units" }
            return textProblem(text, field: field)
        }
    }

    private static func textProblem(_ text: String, field: TypeField) -> String? {
        switch field.type {
        case "enum":
            let allowed = field.definition["enum_values"]?.array?.compactMap(\.string) ?? []
            return allowed.contains(text) ? nil : "must be one of \(allowed.joined(separator: ", "))"
        case "email": return text.contains("@") ? nil : "must be an email address"
        case "date": return DateText.isDay(text) ? nil : "must be YYYY-MM-DD"
        case "datetime": return DateText.isDateTime(text) ? nil : "must be a date, or a date and time with a zone"
        case "thumbnail": return text.hasPrefix("data:image/") ? nil : "must be a data:image/ URL"
        default: return nil
        }
    }
}
