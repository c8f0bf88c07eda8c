import MarfaRules

extension CopyActor {
    /// Plans a write against the state as it is now, commits its changes durably, and returns its queued writes.
    ///
    /// Planning and the synchronous part of the commit run with no suspension between them, so no other write
    /// can slip in between the judgement and the change.
    package func perform(
        _ plan: (CopyState, WriteContext) throws(MarfaError) -> PlannedWrite
    ) async throws(MarfaError) -> [QueuedWrite] {
        guard role == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        let planned = try plan(state, configuration.writeContext)
        try await commit(planned.changes)
        return planned.writes
    }

    /// Queues a create (seed 000, "Drafts").
    package func create(_ draft: Draft) async throws(MarfaError) -> QueuedWrite {
        try await first { state, context throws(MarfaError) in
            try ItemWritePlanner(state: state, context: context).create(draft)
        }
    }

    /// Queues an edit; `asRead` takes an edit based on an older version (seed 000, "Edits").
    package func update(_ id: String, _ edit: Edit, asRead: Bool) async throws(MarfaError) -> QueuedWrite {
        try await first { state, context throws(MarfaError) in
            try ItemWritePlanner(state: state, context: context).update(id, edit, asRead: asRead)
        }
    }

    /// Queues a move to the bin.
    package func delete(_ id: String) async throws(MarfaError) -> QueuedWrite {
        try await first { state, context throws(MarfaError) in
            try ItemWritePlanner(state: state, context: context).delete(id)
        }
    }

    /// Queues a restore out of the bin.
    package func restore(_ id: String) async throws(MarfaError) -> QueuedWrite {
        try await first { state, context throws(MarfaError) in
            try ItemWritePlanner(state: state, context: context).restore(id)
        }
    }

    /// Queues a change of state.
    package func transition(_ id: String, to target: ItemState) async throws(MarfaError) -> QueuedWrite {
        try await first { state, context throws(MarfaError) in
            try ItemWritePlanner(state: state, context: context).transition(id, to: target)
        }
    }

    /// Queues a tag, metadata or extension write planned by `body`.
    package func metadataWrite(
        _ body: (MetadataWritePlanner) throws(MarfaError) -> PlannedWrite
    ) async throws(MarfaError) -> QueuedWrite {
        try await first { state, context throws(MarfaError) in
            try body(MetadataWritePlanner(state: state, context: context))
        }
    }

    private func first(
        _ plan: (CopyState, WriteContext) throws(MarfaError) -> PlannedWrite
    ) async throws(MarfaError) -> QueuedWrite {
        let writes = try await perform(plan)
        guard let main = writes.first else { throw MarfaError.invalid(message: "the write queued nothing") }
        return main
    }
}
