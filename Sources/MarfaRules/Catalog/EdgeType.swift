import Foundation

/// An edge type as the instance lists it (P-88), with the names each end reads it by and the rules it keeps.
public struct EdgeType: Sendable, Hashable, Codable, Identifiable {
    /// The edge type's id, such as `parent-of`.
    public let id: String
    /// The name the source's end reads the edge by, such as `Parent of`.
    public let label: String
    /// The name the target's end reads the edge by; the `label` when none is registered (F021).
    public let reverseLabel: String
    /// The id-like name the target's end writes the edge under, such as `child-of`, if registered.
    public let reverseName: String?
    /// The instance's words for the edge type, if any.
    public let description: String?
    /// How many edges of the type each end may hold.
    public let cardinality: EdgeCardinality
    /// Which end's file records the edge.
    public let writtenAt: EdgeEnd
    /// The types a source may have: `*`, a type id (its subtypes included) or `role:<name>`; empty admits any.
    public let sourceTypeConstraints: [String]
    /// The types a target may have, in the same forms as `sourceTypeConstraints`.
    public let targetTypeConstraints: [String]
    /// What binning the source does to the target.
    public let cascadeOnDelete: EdgeCascade
    /// The properties an edge of the type may carry.
    public let properties: [TypeField]
    /// Whether Marfa ships the type, rather than the instance registering it.
    public let shipped: Bool
    /// Whether membership is flat: an item that could be a target may not be a source (`in-collection`).
    public let isFlat: Bool
    /// Whether the edge joins a part to its host, so the source is a part while its host is out of the bin.
    public let withHosts: Bool
    /// Whether the type refuses an edge that would close a cycle at any depth (`parent-of`, `supersedes`).
    public let isAcyclic: Bool

    /// The shipped types whose membership is flat.
    private static let flatTypes: Set<String> = ["in-collection"]
    /// The edge types that join a part to its host (`comments-on` where an instance registers it).
    private static let hostTypes: Set<String> = ["attached-to", "comments-on"]
    /// The shipped types that never close a cycle.
    private static let acyclicTypes: Set<String> = ["parent-of", "supersedes"]
    /// The edge type that places an item in a folder, which a revoked folder refuses.
    package static let folderPlacement = "in-folder"

    /// Makes an edge type; the labels and the three flags follow from the id where not given.
    public init(
        id: String, label: String? = nil, reverseLabel: String? = nil, reverseName: String? = nil,
        description: String? = nil, cardinality: EdgeCardinality, writtenAt: EdgeEnd = .source,
        sourceTypeConstraints: [String] = ["*"], targetTypeConstraints: [String] = ["*"],
        cascadeOnDelete: EdgeCascade = .orphan, properties: [TypeField] = [], shipped: Bool = false,
        isFlat: Bool? = nil, withHosts: Bool? = nil, isAcyclic: Bool? = nil
    ) {
        let label = label ?? EdgeType.readable(id)
        self.id = id
        self.label = label
        self.reverseLabel = reverseLabel ?? reverseName.map(EdgeType.readable) ?? label
        self.reverseName = reverseName
        self.description = description
        self.cardinality = cardinality
        self.writtenAt = writtenAt
        self.sourceTypeConstraints = sourceTypeConstraints
        self.targetTypeConstraints = targetTypeConstraints
        self.cascadeOnDelete = cascadeOnDelete
        self.properties = properties
        self.shipped = shipped
        self.isFlat = isFlat ?? EdgeType.flatTypes.contains(id)
        self.withHosts = withHosts ?? EdgeType.hostTypes.contains(id)
        self.isAcyclic = isAcyclic ?? EdgeType.acyclicTypes.contains(id)
    }

    /// Reads the wire record; `property_schema` is a map of definitions, and absent flags follow from the id.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        self.init(
            id: id, label: try container.decodeIfPresent(String.self, forKey: .label),
            reverseLabel: try container.decodeIfPresent(String.self, forKey: .reverseLabel),
            reverseName: try container.decodeIfPresent(String.self, forKey: .reverseName),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            cardinality: try container.decode(EdgeCardinality.self, forKey: .cardinality),
            writtenAt: try container.decodeIfPresent(EdgeEnd.self, forKey: .writtenAt) ?? .source,
            sourceTypeConstraints: try container.decodeIfPresent([String].self, forKey: .sourceTypeConstraints)
                ?? ["*"],
            targetTypeConstraints: try container.decodeIfPresent([String].self, forKey: .targetTypeConstraints)
                ?? ["*"],
            cascadeOnDelete: try container.decodeIfPresent(EdgeCascade.self, forKey: .cascadeOnDelete) ?? .orphan,
            properties: try TypeField.fields(from: container, forKey: .propertySchema, owner: id),
            shipped: try container.decodeIfPresent(Bool.self, forKey: .shipped) ?? false,
            isFlat: try container.decodeIfPresent(Bool.self, forKey: .isFlat),
            withHosts: try container.decodeIfPresent(Bool.self, forKey: .withHosts),
            isAcyclic: try container.decodeIfPresent(Bool.self, forKey: .isAcyclic))
    }

    /// Writes the wire record, with the labels and flags the copy derived beside it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(label, forKey: .label)
        try container.encode(reverseLabel, forKey: .reverseLabel)
        try container.encodeIfPresent(reverseName, forKey: .reverseName)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encode(cardinality, forKey: .cardinality)
        try container.encode(writtenAt, forKey: .writtenAt)
        try container.encode(sourceTypeConstraints, forKey: .sourceTypeConstraints)
        try container.encode(targetTypeConstraints, forKey: .targetTypeConstraints)
        try container.encode(cascadeOnDelete, forKey: .cascadeOnDelete)
        try TypeField.encode(properties, to: &container, forKey: .propertySchema)
        try container.encode(shipped, forKey: .shipped)
        try container.encode(isFlat, forKey: .isFlat)
        try container.encode(withHosts, forKey: .withHosts)
        try container.encode(isAcyclic, forKey: .isAcyclic)
    }

    enum CodingKeys: String, CodingKey {
        case id, label, description, cardinality, shipped
        case reverseLabel = "reverse_label"
        case reverseName = "reverse_name"
        case writtenAt = "written_at"
        case sourceTypeConstraints = "source_type_constraints"
        case targetTypeConstraints = "target_type_constraints"
        case cascadeOnDelete = "cascade_on_delete"
        case propertySchema = "property_schema"
        case isFlat = "flat"
        case withHosts = "with_hosts"
        case isAcyclic = "acyclic"
    }

    /// A kebab-case id read as a label: `child-of` → `Child of`.
    private static func readable(_ id: String) -> String {
        let words = id.replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
