import MarfaEngine

/// The queue of writes, in send order, answered and unanswered.
public struct Queue: Sendable {
    let engine: CopyActor

    let servers: ServerHolder

    /// Every queued write in send order.
    public func all() async throws -> [QueuedWrite] {
        await engine.state.queue
    }

    /// Drops a refused write that nothing waits on, keeping the copy as it is; answers whether it took.
    public func discard(_ id: String) async throws -> Bool {
        try await engine.discard(id)
    }

    /// Withdraws a write blocked `ancestorUnavailable` or `conflictUnresolved`: reads the row back from the
    /// instance first (nothing changes if that fails), then drops the write and shows the instance's row.
    public func withdraw(_ id: String) async throws -> Bool {
        let write = try await engine.withdrawable(id)
        guard let server = servers.current else { throw MarfaError.noServer(message: "withdraw reads the row back from the instance") }
        var row: Item?
        if let itemId = write.itemId {
            row = try await ServerRowReader(client: InstanceClient(server: server)).item(itemId)
        }
        try await engine.withdraw(id, serverRow: row)
        return true
    }
}
