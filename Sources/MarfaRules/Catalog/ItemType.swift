/// An item type as the instance describes it (P-83), with its fields and hints resolved through its parents.
public struct ItemType: Sendable, Hashable, Codable, Identifiable {
    /// The type's id, such as `core.note`.
    public let id: String
    /// The type's name for people, such as `Note`.
    public let label: String?
    /// The instance's words for the type, if any.
    public let description: String?
    /// The type this one extends, if any.
    public let parent: String?
    /// The version of the type's schema.
    public let version: Int64
    /// The fields an item of the type may carry, inherited ones included; a field declared again replaces its parent's.
    public let fields: [TypeField]
    /// The property that names an item, from the nearest type declaring any display hint.
    public let titleField: String?
    /// The property that holds an item's main text, from the nearest type declaring any display hint.
    public let bodyField: String?
    /// The property holding each row's id at the vendor that writes rows of exactly this type.
    public let linkField: String?
    /// The roles the type plays, such as `container`, its own and inherited.
    public let roles: [String]
    /// The sibling types this one asserts a structural superset of.
    public let compatibleWith: [String]

    /// Makes an item type from each of its parts.
    public init(
        id: String, label: String? = nil, description: String? = nil, parent: String? = nil, version: Int64 = 0,
        fields: [TypeField] = [], titleField: String? = nil, bodyField: String? = nil, linkField: String? = nil,
        roles: [String] = [], compatibleWith: [String] = []
    ) {
        self.id = id
        self.label = label
        self.description = description
        self.parent = parent
        self.version = version
        self.fields = fields
        self.titleField = titleField
        self.bodyField = bodyField
        self.linkField = linkField
        self.roles = roles
        self.compatibleWith = compatibleWith
    }

    /// Whether the type names a title or a body field itself, so its hints win over its parents'.
    package var declaresHints: Bool { titleField != nil || bodyField != nil }

    /// Reads the wire record: `fields` is a map of definitions, each taken as declared by this type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        let hints = try container.decodeIfPresent(DisplayHints.self, forKey: .displayHints)
        self.init(
            id: id, label: try container.decodeIfPresent(String.self, forKey: .label),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            parent: try container.decodeIfPresent(String.self, forKey: .parent),
            version: try container.decodeIfPresent(Int64.self, forKey: .version) ?? 0,
            fields: try TypeField.fields(from: container, forKey: .fields, owner: id),
            titleField: hints?.titleField, bodyField: hints?.bodyField,
            linkField: try container.decodeIfPresent(String.self, forKey: .linkField),
            roles: try container.decodeIfPresent([String].self, forKey: .roles) ?? [],
            compatibleWith: try container.decodeIfPresent([String].self, forKey: .compatibleWith) ?? [])
    }

    /// Writes the wire record, every field in the `fields` map and the hints under `display_hints`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encode(version, forKey: .version)
        try TypeField.encode(fields, to: &container, forKey: .fields)
        if declaresHints {
            try container.encode(DisplayHints(titleField: titleField, bodyField: bodyField), forKey: .displayHints)
        }
        try container.encodeIfPresent(linkField, forKey: .linkField)
        try container.encode(roles, forKey: .roles)
        try container.encode(compatibleWith, forKey: .compatibleWith)
    }

    enum CodingKeys: String, CodingKey {
        case id, label, description, parent, version, fields, roles
        case displayHints = "display_hints"
        case linkField = "link_field"
        case compatibleWith = "compatible_with"
    }

    /// The wire's `display_hints` object.
    private struct DisplayHints: Codable {
        var titleField: String?
        var bodyField: String?

        enum CodingKeys: String, CodingKey {
            case titleField = "title_field"
            case bodyField = "body_field"
        }
    }
}
