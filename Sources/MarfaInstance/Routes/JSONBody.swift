import Foundation
import MarfaRules

/// The rules a JSON request body meets before any door reads it (P-10).
package enum JSONBody {
    /// The deepest nesting a body may hold.
    package static let nestingLimit = 64

    /// The body of `request` as a JSON object: `Content-Type` must be `application/json` (any case and parameters)
    /// or a `+json` type, and the body valid, non-empty JSON, an object, nested at most 64 deep.
    /// - Throws: `400 validation_error` otherwise, before anything is written.
    package static func object(of request: HTTPRequest) throws(Refusal) -> JSONObject {
        let mediaType =
            (request.headers["Content-Type"] ?? "").split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        guard mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
        else { throw Refusal.validation("The body must be JSON, sent with Content-Type: application/json.") }
        guard !request.body.isEmpty else { throw Refusal.validation("The request needs a JSON body.") }
        let value: JSONValue
        do {
            value = try JSONValue(jsonBytes: request.body)
        } catch {
            throw Refusal.validation("The body is not valid JSON: \(error.message)")
        }
        guard depth(of: value) <= nestingLimit else {
            throw Refusal.validation("The body nests deeper than \(nestingLimit) levels.")
        }
        guard let object = value.object else { throw Refusal.validation("The body must be a JSON object.") }
        return object
    }

    private static func depth(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): return 1 + (elements.map(depth).max() ?? 0)
        case .object(let members): return 1 + (members.values.map(depth).max() ?? 0)
        default: return 0
        }
    }
}
