import MarfaRules

/// `GET /events` (P-28): the plain stream (P-98b), its refusals in the instance's order, then the producer.
package enum EventDoor {
    /// Opens a stream, or refuses it.
    package static func open(_ request: DoorRequest) -> DoorAnswer {
        let access = request.access
        let audience: StreamAudience
        let cursor: Int64?
        do throws(Refusal) {
            guard access.catalog.itemTypes.contains(where: { access.reads($0.id) }) else {
                throw Refusal(403, "type_not_permitted", "This key reads no type.")
            }
            let query = try request.query(["type", "edges"])
            var types: Set<String>?
            if let named = query.list("type") {
                guard named.count <= 10 else { throw Refusal.validation("type names at most 10 types.") }
                var union: Set<String> = []
                for type in named {
                    union.formUnion(try ListingDoor.types(type, access: access, withSystem: true))
                }
                types = union
            }
            let edges = query["edges"] ?? "all"
            guard edges == "all" || edges == "none" else {
                throw Refusal.validation("edges takes all or none.", details: ["field": "edges"])
            }
            audience = StreamAudience(access: access, types: types, edges: edges == "all")
            let header = request.http.headers["Last-Event-ID"] ?? ""
            if header.isEmpty {
                cursor = nil
            } else {
                guard let id = EventID(canonical: header) else {
                    throw Refusal.validation("Last-Event-ID must be a canonical event id.")
                }
                cursor = id.value
            }
        } catch {
            return .reply(error.reply)
        }
        guard !request.core.hub.isFull else {
            return .reply(Refusal(503, "stream_capacity_exhausted", "Too many event streams are open.").reply)
        }
        let producer = EventStreamProducer(core: request.core, audience: audience, cursor: cursor)
        return .stream(.eventStream { writer in await producer.run(writer) })
    }
}
