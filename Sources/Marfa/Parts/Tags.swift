import MarfaEngine

/// Tag writes: one tag change each, leaving the item's other tags.
public struct Tags: Sendable {
    let engine: CopyActor

    /// Queues one tag added; past 100 tags the call is refused `validation_error`.
    @discardableResult
    public func add(_ tag: String, to id: String) async throws -> QueuedWrite {
        try await engine.metadataWrite { planner throws(MarfaError) in try planner.addTag(tag, to: id) }
    }

    /// Queues one tag removed.
    @discardableResult
    public func remove(_ tag: String, from id: String) async throws -> QueuedWrite {
        try await engine.metadataWrite { planner throws(MarfaError) in try planner.removeTag(tag, from: id) }
    }
}

/// Whole-metadata writes: every tag of an item in one write.
public struct Metadata: Sendable {
    let engine: CopyActor

    /// Queues the item's tags replaced by `tags`.
    @discardableResult
    public func replaceTags(of id: String, with tags: [String]) async throws -> QueuedWrite {
        try await engine.metadataWrite { planner throws(MarfaError) in try planner.setTags(tags, of: id, merging: false) }
    }

    /// Queues `tags` merged into the item's tags.
    @discardableResult
    public func mergeTags(_ tags: [String], into id: String) async throws -> QueuedWrite {
        try await engine.metadataWrite { planner throws(MarfaError) in try planner.setTags(tags, of: id, merging: true) }
    }
}

/// Extension writes, by namespace.
public struct Extensions: Sendable {
    let engine: CopyActor

    /// Queues an extension body written under `namespace` on an item.
    @discardableResult
    public func write(_ namespace: String, _ body: JSONObject, on id: String) async throws -> QueuedWrite {
        try await engine.metadataWrite { planner throws(MarfaError) in
            try planner.writeExtension(namespace, body, on: id)
        }
    }

    /// Queues the extension under `namespace` removed from an item.
    @discardableResult
    public func delete(_ namespace: String, from id: String) async throws -> QueuedWrite {
        try await engine.metadataWrite { planner throws(MarfaError) in try planner.deleteExtension(namespace, from: id) }
    }
}
