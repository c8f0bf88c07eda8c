import MarfaRules

/// Writes a page of `GET /items` (P-22, P-55, P-56, P-58) as JSON straight from the stored rows: the bytes the page
/// built as a `JSONValue` tree would serialise to (every object's keys ascending), without the tree's dictionaries
/// or the sort of each row's keys.
struct ListingPageWriter {
    /// An object's members, keys ascending.
    typealias Members = [(key: String, value: JSONValue)]

    /// One listed row and its outbound edge blocks, read under the state's lock when `edges` is included.
    struct Row {
        var stored: StoredItem
        var edgeBlocks: JSONValue?
    }

    /// What each row carries beside the item: `metadata` wraps it as `{item, metadata}`, `extensions` adds them.
    let include: Set<String>

    /// `{"data": [rows], "next_cursor": cursor or null}`.
    func page(_ rows: [Row], nextCursor: String?) throws(MarfaError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * 2048 + 64)
        out.append(contentsOf: #"{"data":["#.utf8)
        for (position, row) in rows.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            try write(row, into: &out)
        }
        out.append(contentsOf: #"],"next_cursor":"#.utf8)
        try (nextCursor.map(JSONValue.string) ?? .null).write(into: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    private func write(_ row: Row, into out: inout [UInt8]) throws(MarfaError) {
        var members = WireShapes.itemMembers(row.stored)
        if let blocks = row.edgeBlocks { Self.insert(("edges", blocks), into: &members) }
        if include.contains("extensions") {
            Self.insert(("extensions", .object(JSONObject(sorting: row.stored.extensions.mapValues(JSONValue.object)))), into: &members)
        }
        guard include.contains("metadata") else { return try Self.write(members, into: &out) }
        out.append(contentsOf: #"{"item":"#.utf8)
        try Self.write(members, into: &out)
        out.append(contentsOf: #","metadata":"#.utf8)
        try WireShapes.metadata(row.stored).write(into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Puts `member` before the first member whose key sorts after it, keeping the keys ascending.
    private static func insert(_ member: (key: String, value: JSONValue), into members: inout Members) {
        members.insert(member, at: members.firstIndex { $0.key > member.key } ?? members.count)
    }

    /// Writes members already in ascending key order as one object.
    private static func write(_ members: Members, into out: inout [UInt8]) throws(MarfaError) {
        out.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(member.key, into: &out)
            out.append(UInt8(ascii: ":"))
            try member.value.write(into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
