/// Resolves item types through their parents as `GET /types/{id}` does (P-19, P-83): fields, hints and roles.
package enum TypeInheritance {
    /// Every type in `declared` with its parents' fields, hints and roles laid under its own.
    package static func resolve(_ declared: [String: ItemType]) -> [String: ItemType] {
        var resolved: [String: ItemType] = [:]
        for id in declared.keys.sorted() {
            _ = resolve(id, declared: declared, resolved: &resolved, visiting: [])
        }
        return resolved
    }

    private static func resolve(
        _ id: String, declared: [String: ItemType], resolved: inout [String: ItemType], visiting: Set<String>
    ) -> ItemType? {
        if let done = resolved[id] { return done }
        guard let own = declared[id] else { return nil }
        var parentType: ItemType?
        if let parent = own.parent, !visiting.contains(parent) {
            parentType = resolve(parent, declared: declared, resolved: &resolved, visiting: visiting.union([id]))
        }
        let result = merge(own, over: parentType)
        resolved[id] = result
        return result
    }

    /// `own` over its resolved parent: a field redeclared unchanged stays the ancestor's, hints come whole.
    ///
    /// Fields come in name order, as a wire map of them carries no order.
    private static func merge(_ own: ItemType, over parent: ItemType?) -> ItemType {
        let parent = parent ?? ItemType(id: own.id)
        var fields = parent.fields
        for field in own.fields {
            if let index = fields.firstIndex(where: { $0.name == field.name }) {
                if fields[index].definition != field.definition { fields[index] = field }
            } else {
                fields.append(field)
            }
        }
        let hints = own.declaresHints ? own : parent
        return ItemType(
            id: own.id, label: own.label, description: own.description, parent: own.parent, version: own.version,
            fields: fields.sorted { $0.name < $1.name }, titleField: hints.titleField, bodyField: hints.bodyField,
            linkField: own.linkField, roles: parent.roles + own.roles.filter { !parent.roles.contains($0) },
            compatibleWith: own.compatibleWith)
    }
}
