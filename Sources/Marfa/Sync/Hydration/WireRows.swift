import MarfaRules

/// Reads the instance's JSON rows (P-55 to P-58) into the copy's values.
enum WireRows {
    /// An item row, bare or wrapped as `{item, metadata}`, with its tags and extensions.
    struct ItemRow: Sendable {
        var item: Item
        var extensions: [String: JSONObject]
        var edgeBlocks: JSONObject
    }

    /// A page of item rows (P-22) read straight from its bytes: each row's members are read in turn and the item
    /// built from them, so no tree of the page, the row or the item is made; member values (properties, metadata,
    /// edge blocks) are parsed whole. Malformed JSON throws `decoding`, as `InstanceClient.read` does.
    static func itemPage(_ body: [UInt8], path: String) throws(MarfaError) -> [ItemRow] {
        var reader = JSONStreamReader(body)
        do throws(MarfaError) {
            guard reader.isAtObject else { throw notAPage(path) }
            try reader.enterObject()
            var rows: [ItemRow]?
            while let key = try reader.nextKey() {
                if key == "data", reader.isAtArray {
                    try reader.enterArray()
                    var read: [ItemRow] = []
                    while try reader.nextElement() { read.append(try itemRow(&reader)) }
                    rows = read
                } else {
                    _ = try reader.value()
                }
            }
            try reader.finish()
            guard let rows else { throw notAPage(path) }
            return rows
        } catch .invalid(let message) {
            throw MarfaError.decoding(message: "the instance's answer to \(path) is not JSON: \(message)")
        }
    }

    /// The item of an `{item, metadata}` answer (a read or a write's, P-23, P-37), bare rows too, with the tags its
    /// metadata names; `tagsNamed` is false when the answer names none, so a caller keeps the tags it holds.
    static func itemAnswer(_ value: JSONValue) throws(MarfaError) -> (item: Item, tagsNamed: Bool) {
        var item = try Item(json: value.object?["item"] ?? value)
        guard let tags = value.object?["metadata"]?.object?["tags"]?.array else { return (item, false) }
        item.tags = tags.compactMap(\.string)
        return (item, true)
    }

    static func edge(_ value: JSONValue) throws(MarfaError) -> Edge {
        try Edge(json: value.object?["edge"] ?? value)
    }

    private static func notAPage(_ path: String) -> MarfaError {
        .decoding(message: "\(path) did not answer a page of data")
    }

    /// One row: its `item` object when it has one, else the row itself is the item; `metadata` beside it.
    private static func itemRow(_ reader: inout JSONStreamReader) throws(MarfaError) -> ItemRow {
        guard reader.isAtObject else { throw MarfaError.decoding(message: "a listed row is not an item") }
        try reader.enterObject()
        var row = WireMembers()
        var wrapped: WireMembers?
        var wrapsAnItem = true
        while let key = try reader.nextKey() {
            if key == "item", reader.isAtObject {
                wrapped = try WireMembers(reading: &reader)
            } else {
                let value = try reader.value()
                if key == "item" { wrapsAnItem = false }
                row.members.append((key, value))
            }
        }
        guard wrapsAnItem else { throw MarfaError.decoding(message: "a listed row is not an item") }
        let item = wrapped ?? row
        var parsed = try Item(wireMember: item.member)
        let metadata = row.member("metadata")?.object
        if let tags = metadata?["tags"]?.array {
            parsed.tags = tags.compactMap(\.string)
        }
        var extensions: [String: JSONObject] = [:]
        for (namespace, body) in metadata?["extensions"]?.object ?? [:] {
            if let body = body.object { extensions[namespace] = body }
        }
        return ItemRow(item: parsed, extensions: extensions, edgeBlocks: item.member("edges")?.object ?? [:])
    }
}

/// An object's members in the order read, looked up by a scan: cheaper than a dictionary for the dozen members of
/// a row, each looked up once.
private struct WireMembers {
    var members: [(key: String, value: JSONValue)] = []

    init() {}

    /// Reads the object at the reader's position.
    init(reading reader: inout JSONStreamReader) throws(MarfaError) {
        try reader.enterObject()
        while let key = try reader.nextKey() { members.append((key, try reader.value())) }
    }

    /// The value of the member named `name`, or nil.
    func member(_ name: String) -> JSONValue? {
        members.first { $0.key == name }?.value
    }
}
