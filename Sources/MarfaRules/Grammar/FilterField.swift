/// A field a filter condition tests: a system field, a top-level property, tags, an edge, or one of the device's own
/// fields (`part`, `status_group`).
public enum FilterField: Sendable, Hashable {
    /// A top-level property, `properties.<name>`.
    case property(String)
    /// Whether the item is a part of a host out of the bin (device-only).
    case part
    /// The group of the item's status word (device-only).
    case statusGroup
    /// The lifecycle state, `state`.
    case state
    /// The item's type, `type`.
    case type
    /// The writer that created the item, `source`.
    case source
    /// The item's own time, `occurred_at`; bounds take a quoted timestamp.
    case occurredAt
    /// When the item was created, `created_at`; bounds take a quoted timestamp.
    case createdAt
    /// When the item last changed, `updated_at`; bounds take a quoted timestamp.
    case updatedAt
    /// The item's tier, `tier` (absent on `system.*` items).
    case tier
    /// The item's version, `version`, compared as a number.
    case version
    /// The item's id, `id`.
    case id
    /// The item's natural key within its source, `source_id`.
    case sourceId
    /// The item's tags.
    case tags
    /// The items at the other end of the item's outbound edges of a type, `edge[<type>]`.
    case edge(String)
    /// The items at the other end of the item's inbound edges of a type, `backref[<type>]`.
    case backref(String)

    /// The ten system fields, in the order the grammar lists them.
    static let systemFields: [FilterField] = [
        .state, .type, .source, .occurredAt, .createdAt, .updatedAt, .tier, .version, .id, .sourceId,
    ]

    /// The operators the grammar takes for this field.
    public var operators: [FilterOperator] {
        switch self {
        case .property: return FilterOperator.allCases
        case .part, .statusGroup: return [.eq, .neq]
        case .tags: return [.contains, .exists, .notExists]
        case .edge, .backref: return [.eq, .neq, .exists, .notExists]
        case .state, .type, .source, .occurredAt, .createdAt, .updatedAt, .tier, .version, .id, .sourceId:
            return [.eq, .neq, .gt, .gte, .lt, .lte, .contains, .startsWith]
        }
    }

    /// The field as filter text writes it (`properties.title`, `edge[about]`, `occurred_at`).
    var spelling: String {
        switch self {
        case .property(let name): return "properties.\(name)"
        case .part: return "part"
        case .statusGroup: return "status_group"
        case .state: return "state"
        case .type: return "type"
        case .source: return "source"
        case .occurredAt: return "occurred_at"
        case .createdAt: return "created_at"
        case .updatedAt: return "updated_at"
        case .tier: return "tier"
        case .version: return "version"
        case .id: return "id"
        case .sourceId: return "source_id"
        case .tags: return "tags"
        case .edge(let edgeType): return "edge[\(edgeType)]"
        case .backref(let edgeType): return "backref[\(edgeType)]"
        }
    }

    /// Whether this is one of the ten system fields, which always exist.
    var isSystem: Bool {
        Self.systemFields.contains(self)
    }

    /// Whether this is a `backref[<type>]` field, which only an evaluator holding every edge answers.
    var isBackref: Bool {
        if case .backref = self { return true }
        return false
    }

    /// Whether this is one of the item's own times, compared as a normalised timestamp.
    var isTime: Bool {
        self == .occurredAt || self == .createdAt || self == .updatedAt
    }
}

extension FilterField: Codable {
    /// Reads the field from its spelling in filter text, refusing what the grammar refuses.
    public init(from decoder: any Decoder) throws {
        let spelling = try decoder.singleValueContainer().decode(String.self)
        self = try FilterRules.field(named: spelling, at: 0)
    }

    /// Writes the field as filter text spells it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(spelling)
    }
}
