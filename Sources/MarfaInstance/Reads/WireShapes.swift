import MarfaRules

/// The JSON shapes the instance answers (P-55 to P-57): items, metadata and edges.
package enum WireShapes {
    /// The item as P-55 shapes it: `tier` absent on `system.*`, optional members only when held, cascade marks while
    /// a cascade holds the row in the bin.
    package static func item(_ stored: StoredItem) -> JSONObject {
        let item = stored.item
        var object: JSONObject = [
            "id": .string(item.id), "type": .string(item.type), "properties": .object(item.properties),
            "state": .string(item.state.rawValue), "version": .integer(item.version),
            "schema_version": .integer(item.schemaVersion), "source": .string(item.source),
            "occurred_at": .string(item.occurredAt), "created_at": .string(item.createdAt),
            "updated_at": .string(item.updatedAt),
        ]
        if let tier = item.tier { object["tier"] = .string(tier.rawValue) }
        if let sourceId = item.sourceId { object["source_id"] = .string(sourceId) }
        if let latitude = stored.captureLatitude { object["capture_latitude"] = latitude }
        if let longitude = stored.captureLongitude { object["capture_longitude"] = longitude }
        if item.state == .trashed, case .member(let root, _)? = stored.cascade {
            object["trashed_by_cascade"] = true
            object["trashed_with"] = .string(root)
        }
        return object
    }

    /// The metadata P-56 shapes: `{item_id, tags, extensions}`.
    package static func metadata(_ stored: StoredItem) -> JSONValue {
        .object([
            "item_id": .string(stored.id), "tags": .array(stored.item.tags.map(JSONValue.string)),
            "extensions": .object(stored.extensions.mapValues(JSONValue.object)),
        ])
    }

    /// `{"item": …, "metadata": …}`, the answer of item reads and writes.
    package static func itemAndMetadata(_ stored: StoredItem) -> JSONObject {
        ["item": .object(item(stored)), "metadata": metadata(stored)]
    }

    /// The edge P-57 shapes.
    package static func edge(_ edge: Edge) -> JSONValue {
        .object([
            "id": .string(edge.id), "source_id": .string(edge.sourceId), "target_id": .string(edge.targetId),
            "edge_type": .string(edge.edgeType), "properties": .object(edge.properties),
            "version": .integer(edge.version), "created_at": .string(edge.createdAt),
            "updated_at": .string(edge.updatedAt),
        ])
    }

    /// The versioned fields S of P-65 for the row as it stands.
    package static func fields(_ stored: StoredItem) -> JSONValue {
        VersionedFields(stored.item).json(id: stored.id, version: stored.item.version)
    }
}
