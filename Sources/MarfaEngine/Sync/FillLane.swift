import MarfaRules

/// Runs a copy's fills one at a time, as its drains run (issue 27 point 3, Decision 0098): a fill asked for while
/// another runs starts once that one has ended, so the app's hydration and the follow's refill never clear each
/// other's rows. `CopyActor`'s fill tokens refuse whatever a fill run outside the lane would mix in.
package actor FillLane {
    /// The fill running or last run: the next one starts after it.
    private(set) var last: Task<Void, Never>?

    /// Makes an idle lane.
    package init() {}

    /// Runs `fill` once every fill asked for before it has ended; answers what it answers. Cancelling the calling
    /// task cancels the fill, waiting or running.
    package func run<Answer: Sendable>(
        _ fill: @escaping @Sendable () async throws -> Answer
    ) async throws -> Answer {
        let previous = last
        let task = Task { () async throws -> Answer in
            await previous?.value
            if Task.isCancelled { throw MarfaError.canceled(message: "the fill was cancelled before it began") }
            return try await fill()
        }
        last = Task { _ = try? await task.value }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
