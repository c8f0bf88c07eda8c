import MarfaEngine

/// Sends a copy's queue to the instance, one pass at a time: a second drain waits for the first, then sends
/// only what is still unanswered. Each pass first asks the instance's lookups for saved links by title
/// (`LinkLookups`), so their edges go in the same pass. It talks to `CopyActor` only, through `DrainPass`;
/// `changes()` streams hear each answer as `.answered` (seed 003).
actor DrainActor {
    private let engine: CopyActor
    private let events: CopyEvents
    /// The pass running or last run: the next one starts after it.
    private var last: Task<Void, Never>?

    init(engine: CopyActor, events: CopyEvents) {
        self.engine = engine
        self.events = events
    }

    /// Runs one pass against `server` once every pass asked for before it has ended; answers its report. Cancelling
    /// the calling task stops the pass between writes and throws `canceled`; what was answered stands.
    func drain(_ server: Server) async throws(MarfaError) -> DrainReport {
        let previous = last
        let engine = engine
        let events = events
        let pass = Task { () async -> Result<DrainReport, MarfaError> in
            await previous?.value
            let client = InstanceClient(server: server)
            _ = await LinkLookups(client: client, engine: engine).answerPending()
            var pass = DrainPass(client: client, engine: engine) { verdict in
                events.broadcast(Change(origin: .answered(verdict), itemId: verdict.itemId, edgeId: verdict.edgeId))
            }
            do throws(MarfaError) {
                let report = try await pass.run()
                // An answer from the instance means it is reachable again (F140).
                if report.answered > 0 { events.serverReached() }
                return .success(report)
            } catch {
                return .failure(error)
            }
        }
        last = Task { _ = await pass.value }
        return try await withTaskCancellationHandler {
            await pass.value
        } onCancel: {
            pass.cancel()
        }.get()
    }
}
