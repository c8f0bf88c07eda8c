import Foundation
import MarfaRules

/// `POST /types` (P-21): registers an item type the instance lacks, its parent held already. Refuses a key without
/// `metadata.types:write` and a reserved root (`core`, `system`, `marfa`) `403 forbidden`, an id outside the type
/// grammar `400 validation_error`, a body without `fields` `400 missing_required_field`, a held id
/// `409 type_already_exists` and a parent the catalog lacks `409 type_chain_unresolvable`.
package enum TypeRegistrationDoor {
    /// The permission registering a type takes.
    package static let scope = "metadata.types:write"

    /// Registers one type and answers `201 {"type"}`, resolved through its parents.
    package static func register(_ request: DoorRequest) async -> Reply {
        await request.writeJSON { body, state throws(Refusal) in try plan(body, state: state, key: request.access.key) }
    }

    private static func plan(_ body: JSONObject, state: InstanceState, key: AccessKey) throws(Refusal) -> WritePlan {
        guard key.isOperator || key.permissions.contains(scope) else {
            throw Refusal(
                403, "forbidden", "Registering a type takes \(scope).",
                details: ["metadata_subresource": "types", "required_scope": .string(scope)])
        }
        guard let id = body["id"]?.string else { throw Refusal.missingField("id") }
        guard FieldRules.isTypeName(id) else {
            throw Refusal.validation("\"\(id)\" is not a type.", details: ["field": "id"])
        }
        if let root = id.split(separator: ".").first.map(String.init),
            TypeDeclarations.reservedNamespaces.contains(root)
        {
            throw Refusal(
                403, "forbidden", "Types under \(root). are the instance's own.", details: ["namespace": .string(root)])
        }
        guard body["fields"]?.object != nil else { throw Refusal.missingField("fields") }
        let held = InstanceCore.catalog(registering: state.registeredTypes)
        guard !held.holdsItemType(id) else {
            throw Refusal(
                409, "type_already_exists", "The catalog holds \(id) already.", details: ["type": .string(id)])
        }
        let type = try read(body)
        if let parent = type.parent, !held.holdsItemType(parent) {
            throw Refusal(
                409, "type_chain_unresolvable", "The catalog holds no parent \(parent) for \(id).",
                details: ["parent": .string(parent)])
        }
        let registered = InstanceCore.catalog(registering: state.registeredTypes + [type])
        guard let resolved = registered.itemType(id) else { throw Refusal.internalError }
        return WritePlan(
            changes: [.putType(type)],
            reply: Reply(status: 201, body: ["type": TypeRecords.resolved(resolved, in: registered)]))
    }

    /// The body read as a P-83 type record, labelled from its id's last segment when it names no label.
    private static func read(_ body: JSONObject) throws(Refusal) -> ItemType {
        let type: ItemType
        do {
            type = try JSONDecoder().decode(ItemType.self, from: Data(try JSONValue.object(body).jsonBytes()))
        } catch {
            throw Refusal.validation("The body is not a type record: \(error)")
        }
        guard type.label == nil else { return type }
        let words = (type.id.split(separator: ".").last ?? "").split(separator: "-").map { $0.capitalized }
        return ItemType(
            id: type.id, label: words.joined(separator: " "), description: type.description, parent: type.parent,
            version: type.version, fields: type.fields, titleField: type.titleField, bodyField: type.bodyField,
            linkField: type.linkField, roles: type.roles, compatibleWith: type.compatibleWith)
    }
}
