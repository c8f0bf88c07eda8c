import Foundation
import MarfaRules

/// An opaque page cursor (P-13): the listing it belongs to and the sort position of the last row answered.
package struct ListingCursor: Sendable, Hashable {
    /// The digest of the listing and ordering that issued the cursor.
    package var fingerprint: String
    /// The last row's sort value.
    package var value: JSONValue
    /// The last row's id.
    package var id: String

    /// Makes a cursor.
    package init(fingerprint: String, value: JSONValue, id: String) {
        self.fingerprint = fingerprint
        self.value = value
        self.id = id
    }

    /// The cursor's text: base64url of a small JSON object.
    package var text: String {
        let json = (try? JSONValue.object(["f": .string(fingerprint), "v": value, "i": .string(id)]).json()) ?? "{}"
        return Data(json.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads cursor text issued for the listing with `fingerprint`.
    /// - Throws: `400 validation_error` for text that is not a cursor or belongs to another listing or ordering.
    package static func read(_ text: String, fingerprint: String) throws(Refusal) -> ListingCursor {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let value = try? JSONValue(jsonBytes: Array(data)),
            let object = value.object, let issuer = object["f"]?.string, let id = object["i"]?.string,
            let position = object["v"]
        else { throw Refusal.validation("The cursor is not one this instance issued.", details: ["field": "cursor"]) }
        guard issuer == fingerprint else {
            throw Refusal.validation(
                "The cursor belongs to another listing or ordering.", details: ["field": "cursor"])
        }
        return ListingCursor(fingerprint: issuer, value: position, id: id)
    }
}
