import MarfaEngine

/// The queue of writes, in send order, answered and unanswered.
public struct Queue: Sendable {
    let engine: CopyActor

    let servers: ServerHolder

    let drains: DrainActor

    init(engine: CopyActor, servers: ServerHolder, drains: DrainActor) {
        self.engine = engine
        self.servers = servers
        self.drains = drains
    }

    /// Every queued write in send order.
    public func all() async throws -> [QueuedWrite] {
        try await engine.ensureOpen()
        return await engine.queuedWrites()
    }

    /// Sends every unanswered write once, in queue order, and records each answer: the pass
    /// ends at the first write the environment fails, never waits or retries, and stops at a refused key. A second
    /// drain waits for the first. Throws `no_server` without an instance, `reading_handle` on a reader, and
    /// `canceled` when the calling task is cancelled (what was answered stands).
    public func drain() async throws -> DrainReport {
        try await engine.ensureOpen()
        guard engine.role == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        let call = try servers.begin()
        defer { call.end() }
        guard let server = call.server else {
            throw MarfaError.noServer(message: "a drain sends the queue to the instance")
        }
        return try await drains.drain(server)
    }

    /// Releases a blocked or dead write, or one refused unsent for a create it waited on: it goes again under a
    /// fresh key. Answers whether the release took; a write the instance refused is not releasable.
    public func release(_ id: String) async throws -> Bool {
        try await engine.release(id)
    }

    /// Releases every write blocked for `reason` under fresh keys; answers how many. Dead writes are
    /// released by id only.
    public func release(reason: BlockedReason) async throws -> UInt64 {
        try await engine.release(reason: reason)
    }

    /// Drops the writes the instance took (accepted, merged, conflicted) from the queue; answers how many.
    public func forgetAnswered() async throws -> UInt64 {
        try await engine.forgetAnswered()
    }

    /// Drops a refused write that nothing waits on, keeping the copy as it is; answers whether it took.
    public func discard(_ id: String) async throws -> Bool {
        try await engine.discard(id)
    }

    /// Withdraws a write blocked `ancestorUnavailable` or `conflictUnresolved`: reads the row (and an edge write's
    /// edge) back from the instance first (nothing changes if that fails), then drops the write and shows the
    /// instance's row and edge; the writes a withdrawn create held are refused unsent. Answers false, changing
    /// nothing, for any other write (unanswered, `key_spent`…); throws `not_found` for no such write.
    public func withdraw(_ id: String) async throws -> Bool {
        guard let write = try await engine.withdrawCandidate(id) else { return false }
        let call = try servers.begin()
        defer { call.end() }
        guard let server = call.server else {
            throw MarfaError.noServer(message: "withdraw reads the row back from the instance")
        }
        let reader = ServerRowReader(client: InstanceClient(server: server))
        var row: Item?
        var edge: Edge?
        if let itemId = write.itemId { row = try await reader.item(itemId) }
        if let edgeId = write.edgeId { edge = try await reader.edge(edgeId) }
        try await engine.withdraw(id, serverRow: row, serverEdge: edge)
        return true
    }
}
