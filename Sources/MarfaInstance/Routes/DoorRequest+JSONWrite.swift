import MarfaRules

/// The shape of a write door with a JSON body and no query (P-16, P-34).
extension DoorRequest {
    /// Refuses any query parameter, a malformed `Idempotency-Key` and a body that is not a JSON object, else runs
    /// `plan` over the body against the state under the write lock (`InstanceCore.write`) and answers its reply.
    package func writeJSON(_ plan: (JSONObject, InstanceState) throws(Refusal) -> WritePlan) async -> Reply {
        let claim: IdempotencyClaim?
        let body: JSONObject
        do throws(Refusal) {
            _ = try query([])
            claim = try self.claim()
            body = try self.body()
        } catch {
            return error.reply
        }
        return await core.write(claim: claim) { state throws(Refusal) in try plan(body, state) }
    }
}
