extension Item {
    /// Reads an item from its wire JSON (P-55) with integers kept exact; unknown members are ignored, and an id
    /// that is not a lowercase UUID (P-12) is refused, so the copy never holds a row its indexes cannot order.
    public init(json value: JSONValue) throws(MarfaError) {
        guard let object = value.object, let id = object["id"]?.string, let type = object["type"]?.string,
            let createdAt = object["created_at"]?.string
        else { throw MarfaError.decoding(message: "an item needs id, type and created_at") }
        guard ItemID.isWellFormed(id) else {
            throw MarfaError.decoding(message: "item id \(id) is not a lowercase UUID (P-12)")
        }
        guard let state = ItemState(rawValue: object["state"]?.string ?? "active") else {
            throw MarfaError.decoding(message: "item \(id) has an unknown state")
        }
        let updatedAt = object["updated_at"]?.string ?? createdAt
        self.init(
            id: id, type: type, properties: object["properties"]?.object ?? [:], state: state,
            tier: object["tier"]?.string.flatMap(Tier.init(rawValue:)), version: object["version"]?.integer ?? 0,
            schemaVersion: object["schema_version"]?.integer ?? 1, source: object["source"]?.string ?? "",
            sourceId: object["source_id"]?.string, occurredAt: object["occurred_at"]?.string ?? createdAt,
            createdAt: createdAt, updatedAt: updatedAt,
            tags: object["tags"]?.array?.compactMap(\.string) ?? [])
    }
}

extension Edge {
    /// Reads an edge from its wire JSON (P-57).
    public init(json value: JSONValue) throws(MarfaError) {
        guard let object = value.object, let id = object["id"]?.string, let source = object["source_id"]?.string,
            let target = object["target_id"]?.string, let type = object["edge_type"]?.string
        else { throw MarfaError.decoding(message: "an edge needs id, source_id, target_id and edge_type") }
        let createdAt = object["created_at"]?.string ?? ""
        self.init(
            id: id, sourceId: source, targetId: target, edgeType: type,
            properties: object["properties"]?.object ?? [:], version: object["version"]?.integer ?? 0,
            createdAt: createdAt, updatedAt: object["updated_at"]?.string ?? createdAt)
    }
}
