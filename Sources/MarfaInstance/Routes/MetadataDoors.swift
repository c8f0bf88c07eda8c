import MarfaRules

/// Tags, metadata and extensions (P-44, P-45): writes move `updated_at`, never `version`, and announce
/// `metadata.changed`; a write that changes nothing writes and announces nothing.
package enum MetadataDoors {
    /// Namespaces no key may write.
    package static let reservedNamespaces: Set<String> = ["core", "marfa", "system"]
    /// The largest extension object, in bytes of its JSON.
    package static let maxExtensionBytes = 100 * 1024

    /// `POST /items/{id}/tags {"tags": [...]}`: adds tags.
    package static func addTags(_ request: DoorRequest) async -> Reply {
        await tagWrite(request) { held, named in held + named }
    }

    /// `PUT /items/{id}/metadata {"tags": [...]}`: replaces the tags.
    package static func replaceTags(_ request: DoorRequest) async -> Reply {
        await tagWrite(request) { _, named in named }
    }

    /// `PATCH /items/{id}/metadata {"tags": [...]}`: unions the tags.
    package static func unionTags(_ request: DoorRequest) async -> Reply {
        await tagWrite(request) { held, named in held + named }
    }

    /// `DELETE /items/{id}/tags/{tag}`: removes one tag, idempotently.
    package static func removeTag(_ request: DoorRequest) async -> Reply {
        let tag = request.segments[3...].joined(separator: "/")
        do throws(Refusal) {
            _ = try request.query([])
        } catch {
            return error.reply
        }
        return await metadataWrite(request) { stored throws(Refusal) in
            stored.item.tags.removeAll { $0 == tag }
        }
    }

    /// `GET /items/{id}/metadata`: `{"metadata"}`.
    package static func metadata(_ request: DoorRequest) throws(Refusal) -> Reply {
        _ = try request.query([])
        let access = request.access
        let id = request.segments[1]
        return try request.core.read { state throws(Refusal) in
            .ok(["metadata": WireShapes.metadata(try access.readable(id, in: state))])
        }
    }

    /// `GET /items/{id}/extensions`: `{"extensions": {ns: object}}`.
    package static func extensions(_ request: DoorRequest) throws(Refusal) -> Reply {
        _ = try request.query([])
        let access = request.access
        let id = request.segments[1]
        return try request.core.read { state throws(Refusal) in
            let stored = try access.readable(id, in: state)
            return .ok(["extensions": .object(JSONObject(sorting: stored.extensions.mapValues(JSONValue.object)))])
        }
    }

    /// `GET /items/{id}/extensions/{ns}`: `{"namespace", "data": object|null}`.
    package static func `extension`(_ request: DoorRequest) throws(Refusal) -> Reply {
        _ = try request.query([])
        let access = request.access
        let id = request.segments[1]
        let namespace = request.segments[3]
        return try request.core.read { state throws(Refusal) in
            let stored = try access.readable(id, in: state)
            return .ok([
                "namespace": .string(namespace), "data": stored.extensions[namespace].map(JSONValue.object) ?? .null,
            ])
        }
    }

    /// `PUT /items/{id}/extensions/{ns}` with the object as body: `{"extensions"}`.
    package static func putExtension(_ request: DoorRequest) async -> Reply {
        let namespace = request.segments[3]
        let object: JSONObject
        do throws(Refusal) {
            _ = try request.query([])
            try checkNamespace(namespace, access: request.access)
            guard request.http.body.count <= maxExtensionBytes else {
                throw Refusal.validation("An extension holds at most \(maxExtensionBytes) bytes.")
            }
            object = try request.body()
            do {
                try ExactIntegerRule.check(object)
            } catch {
                throw Refusal(error)
            }
        } catch {
            return error.reply
        }
        return await metadataWrite(request, answerExtensions: true) { stored throws(Refusal) in
            stored.extensions[namespace] = object
        }
    }

    /// `DELETE /items/{id}/extensions/{ns}`: `{"extensions"}`.
    package static func deleteExtension(_ request: DoorRequest) async -> Reply {
        let namespace = request.segments[3]
        do throws(Refusal) {
            _ = try request.query([])
            try checkNamespace(namespace, access: request.access)
        } catch {
            return error.reply
        }
        return await metadataWrite(request, answerExtensions: true) { stored throws(Refusal) in
            stored.extensions[namespace] = nil
        }
    }

    private static func checkNamespace(_ namespace: String, access: Access) throws(Refusal) {
        guard !reservedNamespaces.contains(namespace) else {
            throw Refusal(403, "forbidden", "The \(namespace) namespace is reserved.")
        }
        guard access.key.extensions.level(for: namespace).writes else {
            throw Refusal(
                403, "forbidden", "This key may not write the \(namespace) extension.",
                details: ["grant": ["kind": "extension", "name": .string(namespace), "level": "write"]])
        }
    }

    private static func tagWrite(
        _ request: DoorRequest, _ combine: @escaping ([String], [String]) -> [String]
    ) async -> Reply {
        let named: [String]
        do throws(Refusal) {
            _ = try request.query([])
            let body = BodyFields(try request.body())
            guard let tags = try body.strings("tags") else { throw Refusal.missingField("tags") }
            named = tags
        } catch {
            return error.reply
        }
        return await metadataWrite(request) { stored throws(Refusal) in
            stored.item.tags = try TagRules.set(combine(stored.item.tags, named))
        }
    }

    private static func metadataWrite(
        _ request: DoorRequest, answerExtensions: Bool = false,
        _ change: @escaping (inout StoredItem) throws(Refusal) -> Void
    ) async -> Reply {
        let id = request.segments[1]
        let now = DoorRequest.now()
        return await request.core.write(claim: nil) { state throws(Refusal) in
            let stored = try request.access.writable(id, in: state)
            var next = stored
            try change(&next)
            let answer: JSONObject =
                answerExtensions
                ? ["extensions": .object(JSONObject(sorting: next.extensions.mapValues(JSONValue.object)))]
                : ["metadata": WireShapes.metadata(next)]
            guard next != stored else { return WritePlan(reply: .ok(answer)) }
            next.item.updatedAt = now
            return WritePlan(changes: [.putItem(next)], events: [.item(.metadataChanged, next)], reply: .ok(answer))
        }
    }
}
