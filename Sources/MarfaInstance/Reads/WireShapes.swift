import MarfaRules

/// The JSON shapes the instance answers (P-55 to P-57): items, metadata and edges.
package enum WireShapes {
    /// The item as P-55 shapes it: `tier` absent on `system.*`, optional members only when held, cascade marks while
    /// a cascade holds the row in the bin.
    package static func item(_ stored: StoredItem) -> JSONObject {
        JSONObject(uniqueKeysWithValues: itemMembers(stored).lazy.map { ($0.key, $0.value) })
    }

    /// The members of `item(_:)` in ascending key order, the order its JSON is written in, for a writer that skips
    /// the dictionary.
    package static func itemMembers(_ stored: StoredItem) -> [(key: String, value: JSONValue)] {
        let item = stored.item
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(17)
        if let latitude = stored.captureLatitude { members.append(("capture_latitude", latitude)) }
        if let longitude = stored.captureLongitude { members.append(("capture_longitude", longitude)) }
        members.append(("created_at", .string(item.createdAt)))
        members.append(("id", .string(item.id)))
        members.append(("occurred_at", .string(item.occurredAt)))
        members.append(("properties", .object(item.properties)))
        members.append(("schema_version", .integer(item.schemaVersion)))
        members.append(("source", .string(item.source)))
        if let sourceId = item.sourceId { members.append(("source_id", .string(sourceId))) }
        members.append(("state", .string(item.state.rawValue)))
        if let tier = item.tier { members.append(("tier", .string(tier.rawValue))) }
        if item.state == .trashed, case .member(let root, _)? = stored.cascade {
            members.append(("trashed_by_cascade", true))
            members.append(("trashed_with", .string(root)))
        }
        members.append(("type", .string(item.type)))
        members.append(("updated_at", .string(item.updatedAt)))
        members.append(("version", .integer(item.version)))
        return members
    }

    /// The metadata P-56 shapes: `{item_id, tags, extensions}`.
    package static func metadata(_ stored: StoredItem) -> JSONValue {
        .object([
            "item_id": .string(stored.id), "tags": .array(stored.item.tags.map(JSONValue.string)),
            "extensions": .object(JSONObject(sorting: stored.extensions.mapValues(JSONValue.object))),
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
