/// The rule that refuses a whole number Marfa would serve back with other digits.
///
/// The instance keeps numbers as IEEE doubles, so an integer beyond ±2^53 (or a whole-valued double
/// that large) would come back changed; such a value is refused `validation` / `invalid_properties`.
package enum ExactIntegerRule {
    /// The largest magnitude a whole number keeps exactly through a double.
    package static let limit: Int64 = 9_007_199_254_740_992

    /// Throws `validation` / `invalid_properties` naming the first property holding an inexact whole number.
    package static func check(_ properties: JSONObject) throws(MarfaError) {
        for (name, value) in properties where !holdsExactly(value) {
            throw MarfaError.validation(
                code: "invalid_properties",
                message: "\(name): a whole number beyond ±2^53 would be served back with other digits",
                details: ["field": .string(name)])
        }
    }

    /// Whether every number inside `value` survives a trip through a double unchanged.
    package static func holdsExactly(_ value: JSONValue) -> Bool {
        switch value {
        case .integer(let number): return number >= -limit && number <= limit
        case .number(let number): return number.rounded() != number || abs(number) <= Double(limit)
        case .array(let elements): return elements.allSatisfy(holdsExactly)
        case .object(let members): return members.values.allSatisfy(holdsExactly)
        case .null, .bool, .string: return true
        }
    }
}
