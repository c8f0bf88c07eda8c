import MarfaEngine

/// The copy's edges: reads of what it holds (unsent edges included) and edge writes judged before queueing.
public struct Edges: Sendable {
    let engine: CopyActor

    /// The edges starting at an item, newest first.
    public func from(_ id: String) async throws -> [Edge] { try await engine.edges(from: id) }

    /// The edges pointing at an item, newest first.
    public func to(_ id: String) async throws -> [Edge] { try await engine.edges(to: id) }

    /// The edges of one type, newest first.
    public func ofType(_ type: String) async throws -> [Edge] { try await engine.edges(ofType: type) }

    /// One edge, or nil.
    public func get(_ id: String) async throws -> Edge? { try await engine.edges([id]).first }

    /// The edges of many ids, each once, in first-named order.
    public func get(_ ids: [String]) async throws -> [Edge] { try await engine.edges(ids) }

    /// Queues an edge, refusing first one the instance would refuse for what the copy holds.
    @discardableResult
    public func create(
        from source: String, to target: String, type: String, properties: JSONObject = [:], id: String? = nil
    ) async throws -> QueuedWrite {
        try await engine.createEdge(from: source, to: target, type: type, properties: properties, id: id)
    }

    /// Throws what `create` would throw now, and queues nothing.
    public func check(
        from source: String, to target: String, type: String, properties: JSONObject = [:], id: String? = nil
    ) async throws {
        try await engine.checkEdge(from: source, to: target, type: type, properties: properties, id: id)
    }

    /// Queues an edge edit; nil when the edit changes nothing.
    @discardableResult
    public func update(_ id: String, _ edit: EdgeEdit) async throws -> QueuedWrite? {
        try await engine.updateEdge(id, edit)
    }

    /// Throws what `update` would throw now for moving one end of the edge, and queues nothing.
    public func check(_ id: String, moving move: EdgeEdit.Move) async throws {
        try await engine.checkEdge(id, moving: move)
    }

    /// Queues an edge removed.
    @discardableResult
    public func delete(_ id: String) async throws -> QueuedWrite { try await engine.deleteEdge(id) }
}
