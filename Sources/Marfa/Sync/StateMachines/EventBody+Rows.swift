extension EventBody {
    /// The item this body describes (P-55), with `tags` laid on it; unknown members are ignored.
    func item(tags: [String]) throws(MarfaError) -> Item {
        let createdAt = try string("created_at")
        let stateText = try optionalString("state")
        let tierText = try optionalString("tier")
        guard let state = stateText.map(ItemState.init(rawValue:)) ?? .active else {
            throw MarfaError.decoding(message: "\(context): state \(stateText ?? "") is not an item state")
        }
        let tier = tierText.flatMap(Tier.init(rawValue:))
        guard tier != nil || tierText == nil else {
            throw MarfaError.decoding(message: "\(context): tier \(tierText ?? "") is not a tier")
        }
        return Item(
            id: try string("id"), type: try string("type"), properties: try optionalObject("properties") ?? [:],
            state: state, tier: tier, version: try integer("version"),
            schemaVersion: try optionalInteger("schema_version") ?? 1, source: try optionalString("source") ?? "",
            sourceId: try optionalString("source_id"), occurredAt: try optionalString("occurred_at") ?? createdAt,
            createdAt: createdAt, updatedAt: try optionalString("updated_at") ?? createdAt, tags: tags)
    }

    /// The edge this body describes (P-57); unknown members are ignored.
    func edge() throws(MarfaError) -> Edge {
        let createdAt = try string("created_at")
        return Edge(
            id: try string("id"), sourceId: try string("source_id"), targetId: try string("target_id"),
            edgeType: try string("edge_type"), properties: try optionalObject("properties") ?? [:],
            version: try integer("version"), createdAt: createdAt,
            updatedAt: try optionalString("updated_at") ?? createdAt)
    }

    /// The tags and extensions this body describes (P-56).
    func metadata() throws(MarfaError) -> EventMetadata {
        var tags: [String] = []
        if let values = members["tags"], !values.isNull {
            guard let array = values.array else { throw MarfaError.decoding(message: "\(context): tags is not a list") }
            for value in array {
                guard let tag = value.string else {
                    throw MarfaError.decoding(message: "\(context): a tag is not text")
                }
                tags.append(tag)
            }
        }
        var extensions: [String: JSONObject] = [:]
        for (namespace, value) in try optionalObject("extensions") ?? [:] {
            guard let object = value.object else {
                throw MarfaError.decoding(message: "\(context): extension \(namespace) is not an object")
            }
            extensions[namespace] = object
        }
        return EventMetadata(tags: tags, extensions: extensions)
    }
}
