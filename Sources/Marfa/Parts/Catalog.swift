import MarfaEngine

/// The type catalog the copy holds: the built-in one until a hydration reads the instance's; answered offline (the
/// catalog the instance serves now is read online, `Catalog+Served`).
public struct Catalog: Sendable {
    let engine: CopyActor
    /// The server the served catalog is read from (`Catalog+Served`).
    let servers: ServerHolder

    /// Every item type.
    public func itemTypes() async -> [ItemType] {
        await engine.catalogSnapshot().itemTypes
    }

    /// One item type; an unknown id throws `notFound` with `type_not_found`.
    public func itemType(_ id: String) async throws -> ItemType {
        guard let type = await engine.catalogSnapshot().itemType(id) else {
            throw MarfaError.notFound(code: "type_not_found", message: "the catalog has no type \(id)")
        }
        return type
    }

    /// Every edge type.
    public func edgeTypes() async -> [EdgeType] {
        await engine.catalogSnapshot().edgeTypes
    }

    /// One edge type; an unknown id throws `notFound` with `edge_type_not_found`.
    public func edgeType(_ id: String) async throws -> EdgeType {
        guard let type = await engine.catalogSnapshot().edgeType(id) else {
            throw MarfaError.notFound(code: "edge_type_not_found", message: "the catalog has no edge type \(id)")
        }
        return type
    }

    /// The group of an item's status word, or nil when its type declares none or it holds no declared word.
    public func statusGroup(of item: Item) async -> StatusGroup? {
        await engine.catalogSnapshot().statusGroup(of: item)
    }

    /// The status groups of many items, by id; items in no group are left out.
    public func statusGroups(of items: [Item]) async -> [String: StatusGroup] {
        let catalog = await engine.catalogSnapshot()
        var groups: [String: StatusGroup] = [:]
        for item in items { groups[item.id] = catalog.statusGroup(of: item) }
        return groups
    }

    /// An event's status word, or nil when it holds none.
    public func eventStatus(of item: Item) async -> String? {
        await engine.catalogSnapshot().eventStatus(of: item)
    }
}
