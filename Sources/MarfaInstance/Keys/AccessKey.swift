import Foundation
import MarfaRules

/// One credential the instance accepts (P-4): its secret, the source it stamps, its grants and permissions.
package struct AccessKey: Sendable, Hashable {
    /// The key's public id.
    package var id: String
    /// The bearer secret, `marfa_k1_…`.
    package var secret: String
    /// A name for people.
    package var name: String
    /// The source stamped on rows the key creates.
    package var source: String
    /// The tier a create without one takes, if any.
    package var defaultTier: Tier?
    /// What the key may do with each item type.
    package var types: GrantMap
    /// What the key may do with each edge type.
    package var edgeTypes: GrantMap
    /// What the key may do with each extension namespace.
    package var extensions: GrantMap
    /// Named permissions such as `items.purge`.
    package var permissions: Set<String>
    /// Whether this is the operator key, the only one the test hooks answer.
    package var isOperator: Bool
    /// When the key was made.
    package var createdAt: String

    /// Makes a key.
    package init(
        id: String, secret: String, name: String, source: String, defaultTier: Tier? = nil, types: GrantMap,
        edgeTypes: GrantMap = .everything(.write), extensions: GrantMap = .everything(.write),
        permissions: Set<String> = [], isOperator: Bool = false, createdAt: String
    ) {
        self.id = id
        self.secret = secret
        self.name = name
        self.source = source
        self.defaultTier = defaultTier
        self.types = types
        self.edgeTypes = edgeTypes
        self.extensions = extensions
        self.permissions = permissions
        self.isOperator = isOperator
        self.createdAt = createdAt
    }

    /// The permission purging needs (P-42).
    package static let purgePermission = "items.purge"

    /// A fresh secret: `marfa_k1_` and 32 random hex digits.
    package static func makeSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
        return "marfa_k1_" + String(digits.prefix(32))
    }

    /// The operator's full key (reference choice, Decision 0008): `*: write` on types, edge types and extensions,
    /// and `items.purge`.
    package static func operatorKey(secret: String, createdAt: String) -> AccessKey {
        AccessKey(
            id: "operator", secret: secret, name: "Operator", source: "operator", types: .everything(.write),
            permissions: [purgePermission], isOperator: true, createdAt: createdAt)
    }

    /// The record `GET /keys/current` answers (P-18), without the secret.
    package var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "name": .string(name), "source": .string(source), "type_permissions": types.json,
            "edge_permissions": edgeTypes.json, "extension_permissions": extensions.json,
            "permissions": .array(permissions.sorted().map(JSONValue.string)), "created_at": .string(createdAt),
            "kind": "api_key",
        ]
        if let defaultTier { object["default_tier"] = .string(defaultTier.rawValue) }
        return .object(object)
    }
}
