/// The item types and edge types the rules read, held whole: the built-in catalog, or the instance's once read.
package struct CatalogSnapshot: Sendable, Hashable, Codable {
    /// Every item type, resolved through its parents, in id order.
    package let itemTypes: [ItemType]
    /// Every edge type, in id order.
    package let edgeTypes: [EdgeType]
    private let itemTypesById: [String: ItemType]
    private let edgeTypesById: [String: EdgeType]
    /// Each item type's parent by id, for walking a chain without copying an `ItemType` at each step (a list's
    /// type filter walks one per type name on every call).
    private let parentById: [String: String]

    /// Holds `itemTypes` (resolved through their parents; a repeated id keeps the last) and `edgeTypes`.
    package init(itemTypes: [ItemType], edgeTypes: [EdgeType]) {
        let declared = Dictionary(itemTypes.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        let resolved = TypeInheritance.resolve(declared)
        let edges = Dictionary(edgeTypes.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        itemTypesById = resolved
        edgeTypesById = edges
        parentById = resolved.compactMapValues(\.parent)
        self.itemTypes = resolved.keys.sorted().compactMap { resolved[$0] }
        self.edgeTypes = edges.keys.sorted().compactMap { edges[$0] }
    }

    /// Reads `{"types": [...], "edge_types": [...]}`, the shape of the shipped catalog file.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            itemTypes: try container.decode([ItemType].self, forKey: .itemTypes),
            edgeTypes: try container.decode([EdgeType].self, forKey: .edgeTypes))
    }

    /// Writes `{"types": [...], "edge_types": [...]}`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(itemTypes, forKey: .itemTypes)
        try container.encode(edgeTypes, forKey: .edgeTypes)
    }

    enum CodingKeys: String, CodingKey {
        case itemTypes = "types"
        case edgeTypes = "edge_types"
    }

    /// The item type with this id, or nil when the catalog does not hold it.
    package func itemType(_ id: String) -> ItemType? { itemTypesById[id] }

    /// Whether the catalog holds an item type with this id; unlike `itemType(_:)` it copies no type (a list checks
    /// its named types on every call).
    package func holdsItemType(_ id: String) -> Bool { itemTypesById.index(forKey: id) != nil }

    /// The edge type with this id, or nil when the catalog does not hold it.
    package func edgeType(_ id: String) -> EdgeType? { edgeTypesById[id] }

    /// Whether `type` is `ancestor` or in its subtree: an id extending it with a dot, or a parent chain reaching it.
    /// A chain longer than the catalog's types has a cycle, and ends there. Each step compares bytes and reads only
    /// the parent's name (no `ItemType` is copied): a list's type filter asks this of every row it judges.
    package func isType(_ type: String, within ancestor: String) -> Bool {
        var current: String? = type
        var steps = 0
        while let candidate = current, steps <= itemTypesById.count {
            if Self.isSelfOrDotted(candidate, under: ancestor) { return true }
            current = parentById[candidate]
            steps += 1
        }
        return false
    }

    /// Whether `pattern` takes `type`: an `ns.*` pattern every id under `ns.`, a type id itself and its subtree
    /// (`isType(_:within:)`); how slices and list filters name types.
    package func isType(_ type: String, matching pattern: String) -> Bool {
        pattern.utf8.last == UInt8(ascii: "*") && pattern.hasSuffix(".*")
            ? type.utf8.starts(with: pattern.utf8.dropLast()) : isType(type, within: pattern)
    }

    /// Whether `id` is `ancestor` or starts with `ancestor` and a dot, read without building `ancestor + "."`.
    private static func isSelfOrDotted(_ id: String, under ancestor: String) -> Bool {
        guard id.utf8.starts(with: ancestor.utf8) else { return false }
        let rest = id.utf8.dropFirst(ancestor.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: ".")
    }

    /// The type itself, or for a type the catalog lacks, its nearest dotted prefix the catalog holds.
    private func nearestType(of type: String) -> ItemType? {
        var id = Substring(type)
        while true {
            if let known = itemTypesById[String(id)] { return known }
            guard let dot = id.lastIndex(of: "."), id[..<dot].contains(".") else { return nil }
            id = id[..<dot]
        }
    }

    /// The property naming an item of `type`; `title` where no type in its chain declares a hint (P-84).
    package func titleField(of type: String) -> String? {
        guard let known = nearestType(of: type), known.declaresHints else { return "title" }
        return known.titleField
    }

    /// The property holding an item's main text; `body` where no type in its chain declares a hint (P-84).
    package func bodyField(of type: String) -> String? {
        guard let known = nearestType(of: type), known.declaresHints else { return "body" }
        return known.bodyField
    }

    /// Whether an item of `type` meets an edge end's constraints: `*`, a type with its subtree, or `role:<name>`.
    ///
    /// A type the catalog does not hold meets only `*`, as the instance fails closed (P-88).
    package func satisfies(_ type: String, constraints: [String]) -> Bool {
        if constraints.isEmpty || constraints.contains("*") { return true }
        guard let known = itemTypesById[type] else { return false }
        return constraints.contains { constraint in
            if constraint.hasPrefix(Self.rolePrefix) {
                return known.roles.contains(String(constraint.dropFirst(Self.rolePrefix.count)))
            }
            return isType(type, within: constraint)
        }
    }

    private static let rolePrefix = "role:"
}
