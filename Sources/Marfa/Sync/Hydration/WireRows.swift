/// Reads the instance's JSON rows (P-55 to P-58) into the copy's values.
enum WireRows {
    /// An item row, bare or wrapped as `{item, metadata}`, with its tags and extensions.
    struct ItemRow {
        var item: Item
        var extensions: [String: JSONObject]
        var edgeBlocks: [String: JSONValue]
    }

    static func itemRow(_ value: JSONValue) throws(MarfaError) -> ItemRow {
        let itemValue = value.object?["item"] ?? value
        guard let object = itemValue.object else { throw MarfaError.decoding(message: "a listed row is not an item") }
        var item = try Item(json: itemValue)
        let metadata = value.object?["metadata"]?.object
        if let tags = metadata?["tags"]?.array {
            item.tags = tags.compactMap(\.string)
        }
        var extensions: [String: JSONObject] = [:]
        for (namespace, body) in metadata?["extensions"]?.object ?? [:] {
            if let body = body.object { extensions[namespace] = body }
        }
        return ItemRow(item: item, extensions: extensions, edgeBlocks: object["edges"]?.object ?? [:])
    }

    static func edge(_ value: JSONValue) throws(MarfaError) -> Edge {
        try Edge(json: value.object?["edge"] ?? value)
    }
}
