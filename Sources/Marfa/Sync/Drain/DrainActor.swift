import MarfaEngine

/// Sends a copy's queue to the instance, one pass at a time: a second drain waits for the first, then sends
/// only what is still unanswered. It talks to `CopyActor` only, through `DrainPass`.
actor DrainActor {
    private let engine: CopyActor
    /// The pass running or last run: the next one starts after it.
    private var last: Task<Void, Never>?

    init(engine: CopyActor) {
        self.engine = engine
    }

    /// Runs one pass against `server` once every pass asked for before it has ended; answers its report.
    func drain(_ server: Server) async throws(MarfaError) -> DrainReport {
        let previous = last
        let engine = engine
        let pass = Task { () async -> Result<DrainReport, MarfaError> in
            await previous?.value
            var pass = DrainPass(client: InstanceClient(server: server), engine: engine)
            do throws(MarfaError) {
                return .success(try await pass.run())
            } catch {
                return .failure(error)
            }
        }
        last = Task { _ = await pass.value }
        return try await pass.value.get()
    }
}
