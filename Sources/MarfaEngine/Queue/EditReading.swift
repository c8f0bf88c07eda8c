import MarfaRules

/// What an item edit read when it was made (`QueuedWrite.read`), and whether an answer ahead of it still holds that
/// (V-14 a, V-15, V-18): an edit moved onto an answer overwrites whatever that answer holds for the properties it
/// changes, so it moves only where those are the values it was made over.
package enum EditReading {
    /// Each property `body` sends, and for a replace each held property it clears, with the value `shown` holds
    /// (`null` for none).
    package static func read(of body: JSONObject, shown: Item) -> JSONObject {
        let sent = body["properties"]?.object ?? [:]
        var keys = Array(sent.keys)
        if body["properties_mode"] == "replace" { keys += shown.properties.keys.filter { sent[$0] == nil } }
        var read: JSONObject = [:]
        for key in keys { read[key] = shown.properties[key] ?? .null }
        return read
    }

    /// Whether `row` holds, for every property `write` changes, the value it read; false for a write that kept no
    /// reading, which then moves only as V-15's plain case allows.
    package static func holdsWhatItRead(_ write: QueuedWrite, _ row: Item?) -> Bool {
        guard let read = write.read, let row else { return false }
        let sent = write.body["properties"]?.object ?? [:]
        return read.allSatisfy { key, was in
            let changes = (sent[key] ?? .null) != was
            return !changes || (row.properties[key] ?? .null) == was
        }
    }

    /// `write` moved to `version`, without the properties a merge-mode edit carries unchanged (V-15): they are what
    /// it read, and on a later version they would overwrite whatever stands there. A body left with no change keeps
    /// what it had, as the instance refuses an edit that changes nothing.
    package static func moved(_ write: QueuedWrite, to version: Int64) -> QueuedWrite {
        var moved = write
        moved.baseVersion = version
        if moved.body["version"] != nil { moved.body["version"] = .integer(version) }
        guard let read = write.read, write.body["properties_mode"] == nil,
            let sent = write.body["properties"]?.object
        else { return moved }
        let changed = sent.filter { key, value in read[key] != value }
        guard changed.count < sent.count else { return moved }
        if !changed.isEmpty {
            moved.body["properties"] = .object(changed)
        } else if moved.body.keys.contains(where: { $0 != "version" && $0 != "properties" }) {
            moved.body["properties"] = nil
        }
        return moved
    }
}
