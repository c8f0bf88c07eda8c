import Marfa

extension JSONShapes {
    /// An item type in the device command line's ItemType shape: fields as a list, the display fields at top level.
    static func itemType(_ type: ItemType) -> JSONValue {
        [
            "id": .string(type.id), "label": text(type.label), "description": text(type.description),
            "parent": text(type.parent), "version": .integer(type.version), "fields": .array(type.fields.map(typeField)),
            "title_field": text(type.titleField), "body_field": text(type.bodyField), "link_field": text(type.linkField),
            "roles": .array(type.roles.map(JSONValue.string)),
            "compatible_with": .array(type.compatibleWith.map(JSONValue.string)),
        ]
    }

    /// An edge type in the device command line's EdgeType shape, with its properties as TypeFields.
    static func edgeType(_ type: EdgeType) -> JSONValue {
        [
            "id": .string(type.id), "label": .string(type.label), "description": text(type.description),
            "cardinality": .string(type.cardinality.rawValue), "reverse_name": text(type.reverseName),
            "reverse_label": .string(type.reverseLabel), "written_at": .string(type.writtenAt.rawValue),
            "source_type_constraints": .array(type.sourceTypeConstraints.map(JSONValue.string)),
            "target_type_constraints": .array(type.targetTypeConstraints.map(JSONValue.string)),
            "cascade_on_delete": .string(type.cascadeOnDelete.rawValue),
            "properties": .array(type.properties.map(typeField)), "shipped": .bool(type.shipped),
        ]
    }

    /// A field of a type: its name, kind, whether it is required, its words, who declares it, and the raw definition.
    static func typeField(_ field: TypeField) -> JSONValue {
        [
            "name": .string(field.name), "type": .string(field.type), "required": .bool(field.required),
            "description": text(field.description), "declared_by": .string(field.declaredBy),
            "definition": .object(field.definition),
        ]
    }
}
