/// Runs `request` in a task of its own, so cancelling the caller never cancels a URLSession request under way:
/// cancelling one from a cancelled task can deadlock FoundationNetworking inside `URLSessionTask.cancel()` (as in
/// Decision 0012). The caller checks for cancellation once the answer is in.
func uncancelled<Answer: Sendable>(
    _ request: @escaping @Sendable () async throws -> Answer
) async throws -> Answer {
    try await Task { try await request() }.value
}
