extension StreamEvent {
    /// Reads one frame of the event stream: its JSON body, named by `event_type` (or the legacy `type`, or else the
    /// frame's `event:` name), with the id an event frame must carry.
    ///
    /// Malformed JSON, an unknown event name, a missing or ill-typed member, and an event frame whose `id:` is not
    /// canonical decimal up to 2^63−1 throw `decoding`. Markers and terminal frames need no id, and theirs is
    /// ignored, so resuming never starts from one (P-29).
    package init(frame: SSEFrame) throws(MarfaError) {
        let value: JSONValue
        do {
            value = try JSONValue(json: frame.data)
        } catch {
            throw MarfaError.decoding(message: "an event frame's data is not JSON: \(error.message)")
        }
        let body = try EventBody(value, context: "an event frame")
        let current = try body.optionalString("event_type")
        let legacy = try body.optionalString("type")
        guard let name = current ?? legacy ?? frame.event else {
            throw MarfaError.decoding(message: "an event frame names no event_type")
        }
        switch name {
        case "stream_cursor":
            guard let cursor = try body.optionalEventID("cursor") else {
                throw MarfaError.decoding(message: "stream_cursor has no cursor")
            }
            self = .streamCursor(cursor, fence: try Self.fence(body))
        case "stream_live":
            self = .streamLive(try body.optionalEventID("cursor"), fence: try Self.fence(body))
        case "catchup_too_old":
            self = .catchupTooOld(
                minRetained: try body.optionalEventID("min_retained_id"),
                requested: try body.optionalEventID("requested"))
        case "cursor_ahead":
            self = .cursorAhead(
                requested: try body.optionalEventID("requested"), head: try body.optionalEventID("head"))
        case "stream_incomplete":
            self = .streamIncomplete(reason: try body.string("reason"), cursor: try body.optionalEventID("cursor"))
        case "read_view_changed":
            self = .readViewChanged
        default:
            guard let kind = EventKind(rawValue: name) else {
                throw MarfaError.decoding(message: "an event frame names an unknown event \(name)")
            }
            self = try Self.event(kind, id: Self.id(of: frame, kind: kind), body: body)
        }
    }

    private static func event(_ kind: EventKind, id: EventID, body: EventBody) throws(MarfaError) -> StreamEvent {
        let name = kind.rawValue
        if !kind.concernsItem {
            let edge = try EventBody(body.members["edge"], context: "\(name) edge").edge()
            return .edge(event: kind, id: id, edge: edge, sourceType: try body.optionalString("source_type"))
        }
        let itemBody = try EventBody(body.members["item"], context: "\(name) item")
        if kind == .itemPurged { return .itemPurged(id: id, itemId: try itemBody.string("id")) }
        let metadata = try body.members["metadata"].flatMap { value throws(MarfaError) in
            value.isNull ? nil : try EventBody(value, context: "\(name) metadata").metadata()
        }
        let item = try itemBody.item(tags: metadata?.tags ?? [])
        if kind == .metadataChanged {
            guard let metadata else { throw MarfaError.decoding(message: "\(name) has no metadata") }
            return .metadataChanged(id: id, item: item, metadata: metadata)
        }
        return .item(event: kind, id: id, item: item, metadata: metadata)
    }

    private static func id(of frame: SSEFrame, kind: EventKind) throws(MarfaError) -> EventID {
        guard let text = frame.id else { throw MarfaError.decoding(message: "a \(kind.rawValue) frame has no id") }
        guard let id = EventID(canonical: text) else {
            throw MarfaError.decoding(message: "a \(kind.rawValue) frame's id \(text) is not a canonical event id")
        }
        return id
    }

    /// The copy stream's instance and read view on a marker (P-32), when both are there.
    private static func fence(_ body: EventBody) throws(MarfaError) -> StreamFence? {
        guard let instanceId = try body.optionalString("instance_id"),
            let readView = try body.optionalString("read_view")
        else { return nil }
        return StreamFence(instanceId: instanceId, readView: readView)
    }
}
