/// The catalog Marfa ships (P-86, P-87, P-89), held as data: what a copy reads before the instance's replaces it.
package enum BuiltInCatalog {
    /// Every shipped item type and edge type, resolved through parents.
    package static let snapshot = CatalogSnapshot(itemTypes: itemTypes, edgeTypes: edgeTypes)

    /// One field as the shipped data spells it, before the type that declares it is known.
    struct Field {
        let name: String
        let kind: String
        let required: Bool
        let extra: JSONObject

        /// The field as declared by `type`, its definition the wire's.
        func declared(by type: String) -> TypeField {
            var definition = extra
            definition["type"] = .string(kind)
            if required { definition["required"] = .bool(true) }
            return TypeField(name: name, type: kind, required: required, declaredBy: type, definition: definition)
        }
    }

    /// A field of `kind` (text by default), optionally required, with further definition members.
    static func field(_ name: String, _ kind: String = "string", required: Bool = false, _ extra: JSONObject = [:])
        -> Field
    {
        Field(name: name, kind: kind, required: required, extra: extra)
    }

    /// An `enum` field taking `values`.
    static func choice(_ name: String, _ values: [String], required: Bool = false) -> Field {
        field(name, "enum", required: required, ["enum_values": .array(values.map(JSONValue.string))])
    }

    /// An `array` field of text.
    static func texts(_ name: String) -> Field {
        field(name, "array", ["items_type": "string"])
    }

    /// A text field holding a BCP 47 language tag.
    static func language() -> Field {
        field("language", "string", ["format": "bcp47"])
    }

    /// A shipped item type declaring `fields`.
    static func type(
        _ id: String, _ label: String, parent: String? = nil, _ description: String, title: String? = nil,
        body: String? = nil, roles: [String] = [], fields: [Field]
    ) -> ItemType {
        ItemType(
            id: id, label: label, description: description, parent: parent, version: 0,
            fields: fields.map { $0.declared(by: id) }, titleField: title, bodyField: body, roles: roles)
    }
}
