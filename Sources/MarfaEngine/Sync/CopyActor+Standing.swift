import MarfaRules

extension CopyActor {
    /// Where the copy stands for sync now (`CopyStanding`).
    package func standing() -> CopyStanding {
        CopyStanding(
            slice: state.slice, cursor: state.cursor, hydration: state.hydration, pins: state.pins,
            instanceId: state.instanceId, items: state.items.count, edges: state.edges.count)
    }

    /// The catalog writes and reads are judged by.
    package func catalogSnapshot() -> CatalogSnapshot {
        state.catalog
    }

    /// The queue in send order.
    package func queuedWrites() -> [QueuedWrite] {
        state.queue
    }

    /// Whether any queued write waits for an answer.
    package func hasUnansweredWrites() -> Bool {
        state.queue.contains(where: \.isUnanswered)
    }

    /// The items, then the edges, owed a read-back, in the order they came to be owed.
    package func owedReadBacks() -> (items: [String], edges: [String]) {
        (state.owedReadBacks, state.owedEdgeReadBacks)
    }

    /// Whether the copy holds item `id`, in any state.
    package func holdsItem(_ id: String) -> Bool {
        state.items[id] != nil
    }

    /// The whole state as it is now, a copy-on-write capture, for the crash drill and the benchmarks that compare a
    /// live copy with a reopened one. The SDK never reads it: its rules run on the actor.
    package func capturedState() -> CopyState {
        state
    }
}
