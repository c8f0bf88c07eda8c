import Foundation
import MarfaRules

/// The catalog's wire records (P-19, P-20, P-83, P-88), built once from the shipped catalog.
package enum TypeRecords {
    /// Each item type as `GET /types` lists it: only what the type declares itself.
    package static func declared(_ type: ItemType, in catalog: CatalogSnapshot) -> JSONValue {
        let parent = type.parent.flatMap(catalog.itemType)
        let ownFields = type.fields.filter { $0.declaredBy == type.id }
        let hintsDiffer = parent.map { $0.titleField != type.titleField || $0.bodyField != type.bodyField } ?? true
        let ownRoles = type.roles.filter { !(parent?.roles.contains($0) ?? false) }
        return record(
            type, fields: ownFields, withHints: hintsDiffer && type.declaresHints, roles: ownRoles,
            policy: MergePolicy.own(of: type.id))
    }

    /// An item type as `GET /types/{id}` answers it: fields, hints, roles and merge policy resolved through parents.
    package static func resolved(_ type: ItemType, in catalog: CatalogSnapshot) -> JSONValue {
        record(
            type, fields: type.fields, withHints: type.declaresHints, roles: type.roles,
            policy: MergePolicy.resolved(for: type.id, in: catalog))
    }

    /// Every edge type as `GET /edge-types` lists it, with the client's required members (P-20).
    package static func edgeTypes(in catalog: CatalogSnapshot) -> [JSONValue] {
        let encoder = JSONEncoder()
        return catalog.edgeTypes.compactMap { edgeType in
            guard let data = try? encoder.encode(edgeType) else { return nil }
            return try? JSONValue(jsonBytes: Array(data))
        }
    }

    private static func record(
        _ type: ItemType, fields: [TypeField], withHints: Bool, roles: [String], policy: MergePolicy
    ) -> JSONValue {
        var object: JSONObject = [
            "id": .string(type.id), "version": .integer(type.version),
            "fields": .object(
                JSONObject(uniqueKeysWithValues: fields.map { ($0.name, JSONValue.object($0.definition)) })),
            "roles": .array(roles.map(JSONValue.string)),
            "compatible_with": .array(type.compatibleWith.map(JSONValue.string)), "merge_policy": policy.json,
        ]
        if let parent = type.parent { object["parent"] = .string(parent) }
        if let label = type.label { object["label"] = .string(label) }
        if let description = type.description { object["description"] = .string(description) }
        if let linkField = type.linkField { object["link_field"] = .string(linkField) }
        if withHints {
            var hints: JSONObject = [:]
            if let title = type.titleField { hints["title_field"] = .string(title) }
            if let body = type.bodyField { hints["body_field"] = .string(body) }
            object["display_hints"] = .object(hints)
        }
        return .object(object)
    }
}
