import Foundation

/// Where a queued write goes on the wire (P-37 to P-48): method, path, query and body, and what its answer holds.
struct WriteRoute: Equatable {
    /// What a 2xx answer to the route carries.
    enum Answer: Equatable {
        /// `{item, metadata, conflict_resolution?}`.
        case item
        /// `{edge}`.
        case edge
        /// No row: `{"ok": true}`, `{metadata}` or `{extensions}`.
        case plain
    }

    var method: String
    var path: String
    var query: [URLQueryItem] = []
    var body: JSONValue?
    var answer: Answer

    /// The route of `write`, its body exactly as queued (V-19) but for a keyed create's minted id, which is never
    /// sent (Q-14: the instance's row answers); an update asks for `conflict=auto` and a delete names the
    /// version it read (P-39). Throws `store` for a write that names nowhere to send it, and for
    /// an upload, whose bytes this build does not hold.
    static func of(_ write: QueuedWrite) throws(MarfaError) -> WriteRoute {
        let body = JSONValue.object(write.body)
        switch write.kind {
        case .createItem:
            var sent = write.body
            if sent["source_id"]?.string != nil { sent["id"] = nil }
            return WriteRoute(method: "POST", path: "/items", body: .object(sent), answer: .item)
        case .updateItem:
            return WriteRoute(
                method: "PATCH", path: try item(write), query: [URLQueryItem(name: "conflict", value: "auto")],
                body: body, answer: .item)
        case .deleteItem:
            guard let version = write.baseVersion else { throw unroutable(write, "names no version") }
            return WriteRoute(
                method: "DELETE", path: try item(write), query: [URLQueryItem(name: "version", value: "\(version)")],
                body: .object([:]), answer: .plain)
        case .restoreItem:
            return WriteRoute(method: "POST", path: try item(write) + "/restore", body: body, answer: .item)
        case .transitionItem:
            return WriteRoute(method: "POST", path: try item(write) + "/transition", body: body, answer: .item)
        case .createEdge: return WriteRoute(method: "POST", path: "/edges", body: body, answer: .edge)
        case .updateEdge: return WriteRoute(method: "PATCH", path: try edge(write), body: body, answer: .edge)
        case .deleteEdge: return WriteRoute(method: "DELETE", path: try edge(write), answer: .plain)
        case .replaceMetadata:
            return WriteRoute(method: "PUT", path: try item(write) + "/metadata", body: body, answer: .plain)
        case .mergeMetadata:
            return WriteRoute(method: "PATCH", path: try item(write) + "/metadata", body: body, answer: .plain)
        case .addTag: return WriteRoute(method: "POST", path: try item(write) + "/tags", body: body, answer: .plain)
        case .removeTag:
            guard let tag = write.tag else { throw unroutable(write, "names no tag") }
            return WriteRoute(method: "DELETE", path: try item(write) + "/tags/" + segment(tag), answer: .plain)
        case .writeExtension, .deleteExtension:
            guard let namespace = write.namespace else { throw unroutable(write, "names no namespace") }
            let path = try item(write) + "/extensions/" + segment(namespace)
            return write.kind == .writeExtension
                ? WriteRoute(method: "PUT", path: path, body: body, answer: .plain)
                : WriteRoute(method: "DELETE", path: path, answer: .plain)
        case .uploadBlob:
            throw unroutable(write, "is an upload, and this build holds no blob bytes to send")
        }
    }

    private static func item(_ write: QueuedWrite) throws(MarfaError) -> String {
        guard let id = write.itemId else { throw unroutable(write, "names no item") }
        return "/items/" + segment(id)
    }

    private static func edge(_ write: QueuedWrite) throws(MarfaError) -> String {
        guard let id = write.edgeId else { throw unroutable(write, "names no edge") }
        return "/edges/" + segment(id)
    }

    /// One path segment, percent-encoded so a tag or namespace holding `/`, `?` or `%` stays one segment.
    private static func segment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func unroutable(_ write: QueuedWrite, _ why: String) -> MarfaError {
        MarfaError.store(message: "the queued \(write.kind.rawValue) \(write.id) \(why), so there is nowhere to send it")
    }
}
