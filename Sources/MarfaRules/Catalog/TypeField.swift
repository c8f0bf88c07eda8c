/// A field of an item type, or a property of an edge type, with the definition the instance holds for it (P-82).
public struct TypeField: Sendable, Hashable, Codable, Identifiable {
    /// The field's name, the property key it describes.
    public let name: String
    /// The field's own kind, such as `string`, `datetime` or `thumbnail`.
    public let type: String
    /// Whether an item of the type must carry the field.
    public let required: Bool
    /// The instance's words for the field, if any.
    public let description: String?
    /// The type that declares the field: the type itself, or the nearest ancestor it inherits the field from.
    public let declaredBy: String
    /// The definition whole, as the instance serves it (`type`, `required`, `enum_values`, `format`…), its keys
    /// sorted at every depth as `Codable` reads them, so a catalog reads back equal to what was stored (Decision 0113).
    public let definition: JSONObject

    /// The field's name, which identifies it within its type.
    public var id: String { name }

    /// Makes a field; `definition` is built from the other arguments when left empty.
    public init(
        name: String, type: String, required: Bool = false, description: String? = nil, declaredBy: String,
        definition: JSONObject = [:]
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.description = description
        self.declaredBy = declaredBy
        if definition.isEmpty {
            var built: JSONObject = ["type": .string(type)]
            if required { built["required"] = .bool(true) }
            if let description { built["description"] = .string(description) }
            self.definition = built.sortedAtEveryDepth()
        } else {
            self.definition = definition.sortedAtEveryDepth()
        }
    }

    /// Reads a field from the definition the wire carries under its name, as declared by `declaredBy`.
    package init(name: String, definition: JSONObject, declaredBy: String) {
        self.init(
            name: name, type: definition["type"]?.string ?? "string", required: definition["required"]?.bool ?? false,
            description: definition["description"]?.string, declaredBy: declaredBy, definition: definition)
    }

    enum CodingKeys: String, CodingKey {
        case name, type, required, description, definition
        case declaredBy = "declared_by"
    }
}

extension TypeField {
    /// Reads the fields of a wire map (`fields` or `property_schema`), each declared by `owner`, in name order.
    package static func fields<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, forKey key: Key, owner: String
    ) throws -> [TypeField] {
        guard container.contains(key) else { return [] }
        let definitions = try container.decode([String: JSONValue].self, forKey: key)
        return definitions.keys.sorted().map { name in
            TypeField(name: name, definition: definitions[name]?.object ?? [:], declaredBy: owner)
        }
    }

    /// Writes fields as the wire map of definitions keyed by name.
    package static func encode<Key: CodingKey>(
        _ fields: [TypeField], to container: inout KeyedEncodingContainer<Key>, forKey key: Key
    ) throws {
        var definitions: [String: JSONValue] = [:]
        for field in fields { definitions[field.name] = .object(field.definition) }
        try container.encode(definitions, forKey: key)
    }
}
