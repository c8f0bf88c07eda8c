import MarfaEngine

/// The copy's items: reads answered from memory with no request, and writes queued at once.
public struct Items: Sendable {
    let engine: CopyActor
    /// The instance the online calls (`bin`, `purge`) ask, if any.
    let servers: ServerHolder

    /// The items a `ListFilters` selects, in the `Sort`'s order, from the copy alone.
    public func list(_ filters: ListFilters = ListFilters(), sort: Sort = Sort()) async throws -> Rows<Item> {
        try await engine.list(filters, sort: sort)
    }

    /// Each item's name (nil where the instance would say "Untitled") and body preview, by the catalog's hints.
    public func displays(of items: [Item]) async throws -> [ItemDisplay] {
        try await engine.ensureOpen()
        let inputs = items.map { ItemDisplayInput(type: $0.type, properties: $0.properties, id: $0.id) }
        return await engine.displays(of: inputs)
    }

    /// The name and preview of items not saved yet.
    public func displays(for inputs: [ItemDisplayInput]) async throws -> [ItemDisplay] {
        try await engine.ensureOpen()
        return await engine.displays(of: inputs)
    }

    /// What each link target typed in a body could name, from the copy alone; given an item, its edges bind names.
    public func linkCandidates(of targets: [String], in id: String? = nil) async throws -> [LinkCandidates] {
        try await engine.linkCandidates(of: targets, in: id)
    }

    /// The links in an item's saved body, each with the item it names, or pending, missing, ambiguous or refused.
    public func links(in id: String) async throws -> BodyLinks {
        try await engine.links(in: id)
    }

    /// The links of many items' bodies by id, read at one moment; an id the copy does not show is left out (F009).
    public func links(in ids: [String]) async throws -> [String: BodyLinks] {
        try await engine.links(in: ids)
    }

    /// The conflicted copies of an item the copy holds out of the bin, oldest first: the siblings the instance made
    /// when two writers changed a keep-both field (F011, F104). Throws `hydrationIncomplete` while filling or stale.
    public func conflictedCopies(of id: String) async throws -> [Item] {
        try await engine.conflictedCopies(of: id)
    }

    /// The id of the item a conflicted copy was made from, held or not; nil for an item that is not a conflicted
    /// copy (F011). Throws `hydrationIncomplete` while filling or stale.
    public func original(ofConflictedCopy id: String) async throws -> String? {
        try await engine.original(ofConflictedCopy: id)
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
    @discardableResult
    public func create(_ draft: Draft) async throws -> QueuedWrite {
        try await engine.create(draft)
    }

    /// Queues an edit, refused unless `edit.baseVersion` is the version the copy holds.
    @discardableResult
    public func update(_ id: String, _ edit: Edit) async throws -> QueuedWrite {
        try await engine.update(id, edit, asRead: false)
    }

    /// Queues an edit based on an older version, which the instance merges.
    @discardableResult
    public func updateAsRead(_ id: String, _ edit: Edit) async throws -> QueuedWrite {
        try await engine.update(id, edit, asRead: true)
    }

    /// Queues a move to the bin.
    @discardableResult
    public func delete(_ id: String) async throws -> QueuedWrite {
        try await engine.delete(id)
    }

    /// Queues a restore out of the bin, also for an item the copy does not hold.
    @discardableResult
    public func restore(_ id: String) async throws -> QueuedWrite {
        try await engine.restore(id)
    }

    /// Queues a change of `ItemState`.
    @discardableResult
    public func transition(_ id: String, to state: ItemState) async throws -> QueuedWrite {
        try await engine.transition(id, to: state)
    }
}
