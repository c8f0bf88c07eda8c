import MarfaRules

/// `GET /types`, `GET /types/{id}` and `GET /edge-types` (P-19, P-20): the whole registry to any credential, never
/// paged (P-98d).
package enum CatalogDoors {
    /// Every item type's own declarations.
    package static func types(_ request: DoorRequest) throws(Refusal) -> Reply {
        _ = try request.query([])
        let catalog = request.core.catalog
        let data = catalog.itemTypes.map { TypeRecords.declared($0, in: catalog) }
        return .ok(["data": .array(data), "next_cursor": .null])
    }

    /// One type resolved through its parents, or `404 type_not_found`.
    package static func type(_ request: DoorRequest) throws(Refusal) -> Reply {
        _ = try request.query([])
        let id = request.segments[1]
        guard let type = request.core.catalog.itemType(id) else {
            throw Refusal(404, "type_not_found", "The catalog holds no type \"\(id)\".")
        }
        return Reply(status: 200, body: TypeRecords.resolved(type, in: request.core.catalog))
    }

    /// Every edge type.
    package static func edgeTypes(_ request: DoorRequest) throws(Refusal) -> Reply {
        _ = try request.query([])
        return .ok(["data": .array(TypeRecords.edgeTypes(in: request.core.catalog)), "next_cursor": .null])
    }
}
