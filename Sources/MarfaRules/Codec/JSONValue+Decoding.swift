extension Item {
    /// Reads an item from its wire JSON (P-55) with integers kept exact; unknown members are ignored, and an id
    /// that is not a lowercase UUID (P-12) is refused, so the copy never holds a row its indexes cannot order.
    public init(json value: JSONValue) throws(MarfaError) {
        guard let object = value.object else {
            throw MarfaError.decoding(message: "an item needs id, type and created_at")
        }
        try self.init(wireMember: { object[$0] })
    }

    /// Reads an item from its wire members, looked up by name, as `init(json:)` reads them from an object; a reader
    /// that walks the bytes itself hands over the members it read.
    package init(wireMember member: (String) -> JSONValue?) throws(MarfaError) {
        guard let id = member("id")?.string, let type = member("type")?.string,
            let createdAt = member("created_at")?.string
        else { throw MarfaError.decoding(message: "an item needs id, type and created_at") }
        guard ItemID.isWellFormed(id) else {
            throw MarfaError.decoding(message: "item id \(id) is not a lowercase UUID (P-12)")
        }
        guard let state = ItemState(rawValue: member("state")?.string ?? "active") else {
            throw MarfaError.decoding(message: "item \(id) has an unknown state")
        }
        let updatedAt = member("updated_at")?.string ?? createdAt
        self.init(
            id: id, type: type, properties: member("properties")?.object ?? [:], state: state,
            tier: member("tier")?.string.flatMap(Tier.init(rawValue:)), version: member("version")?.integer ?? 0,
            schemaVersion: member("schema_version")?.integer ?? 1, source: member("source")?.string ?? "",
            sourceId: member("source_id")?.string, occurredAt: member("occurred_at")?.string ?? createdAt,
            createdAt: createdAt, updatedAt: updatedAt,
            tags: member("tags")?.array?.compactMap(\.string) ?? [])
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
