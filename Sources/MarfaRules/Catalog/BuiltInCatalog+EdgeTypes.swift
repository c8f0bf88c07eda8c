extension BuiltInCatalog {
    /// The ten shipped edge types (P-89).
    static let edgeTypes: [EdgeType] = [
        EdgeType(
            id: "about", label: "About", description: "The source is about the target.", cardinality: .manyToMany,
            shipped: true),
        EdgeType(
            id: "attached-to", label: "Attached to", reverseName: "has-attachment",
            description: "The source is an attachment belonging to the target, its host.", cardinality: .manyToMany,
            shipped: true),
        EdgeType(
            id: "authored-by", label: "Authored by", description: "The target made the source.",
            cardinality: .manyToMany, shipped: true),
        EdgeType(
            id: "derived-from", label: "Derived from", description: "The source was produced from the target.",
            cardinality: .manyToMany, shipped: true),
        EdgeType(
            id: "in-collection", label: "In collection", description: "The source is a member of a container.",
            cardinality: .manyToMany, targetTypeConstraints: ["role:container"],
            properties: [field("position", "number").declared(by: "in-collection")], shipped: true),
        EdgeType(
            id: "in-folder", label: "In folder", description: "Where the source's file sits in a folder.",
            cardinality: .manyToMany, targetTypeConstraints: ["system.folder"],
            properties: [field("path", required: true).declared(by: "in-folder")], shipped: true),
        EdgeType(
            id: "in-thread", label: "In thread", description: "The source belongs to the target's thread.",
            cardinality: .manyToOne, properties: [field("position", "number").declared(by: "in-thread")],
            shipped: true),
        EdgeType(
            id: "parent-of", label: "Parent of", reverseName: "child-of",
            description: "The source is the parent of the target.", cardinality: .oneToMany, writtenAt: .target,
            cascadeOnDelete: .cascade, shipped: true),
        EdgeType(
            id: "references", label: "References", description: "The source names the target, as a body link does.",
            cardinality: .manyToMany, shipped: true),
        EdgeType(
            id: "supersedes", label: "Supersedes", description: "The source replaces the target.",
            cardinality: .oneToOne, shipped: true),
    ]
}
