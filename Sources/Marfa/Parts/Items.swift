import MarfaEngine

/// The copy's items: reads answered from memory with no request, and writes queued at once.
public struct Items: Sendable {
    let engine: CopyActor

    /// The items a `ListFilters` selects, in the `Sort`'s order, from the copy alone.
    public func list(_ filters: ListFilters = ListFilters(), sort: Sort = Sort()) async throws -> Rows<Item> {
        try await engine.list(filters, sort: sort)
    }

    /// One item, or nil when it is in the bin or not held (WC-51).
    public func get(_ id: String) async throws -> Item? {
        try await engine.readableItem(id)
    }

    /// The items of many ids, read at one moment, each once, in the order first named; unknown ids left out.
    public func get(_ ids: [String], includingBin: Bool = false) async throws -> Rows<Item> {
        try await engine.items(ids, includingBin: includingBin)
    }

    /// Queues a create and shows the item at once.
    public func create(_ draft: Draft) async throws -> QueuedWrite {
        try await engine.create(draft)
    }

    /// Queues an edit, refused unless `edit.baseVersion` is the version the copy holds.
    public func update(_ id: String, _ edit: Edit) async throws -> QueuedWrite {
        try await engine.update(id, edit, asRead: false)
    }

    /// Queues an edit based on an older version, which the instance merges.
    public func updateAsRead(_ id: String, _ edit: Edit) async throws -> QueuedWrite {
        try await engine.update(id, edit, asRead: true)
    }

    /// Queues a move to the bin.
    public func delete(_ id: String) async throws -> QueuedWrite {
        try await engine.delete(id)
    }

    /// Queues a restore out of the bin, also for an item the copy does not hold.
    public func restore(_ id: String) async throws -> QueuedWrite {
        try await engine.restore(id)
    }

    /// Queues a change of `ItemState`.
    public func transition(_ id: String, to state: ItemState) async throws -> QueuedWrite {
        try await engine.transition(id, to: state)
    }
}
