/// The closed classification of one answer to a sent write (P-53, Q-20): what the drain does with it.
enum AnswerClass: Equatable {
    /// A 2xx: read the body for the verdict (Q-38).
    case success
    /// The environment failed (Q-22): transport, 408, 425, 429, any 5xx, or a refusal naming no contract. The
    /// pass ends at once, uncounted; `reason` says why in words.
    case environmental(reason: String)
    /// A 401 naming the contract (Q-26): the whole queue is blocked and the drain stops.
    case credentialRefused
    /// A block (Q-27 to Q-29, Q-31): a 403 naming a missing grant, `422 idempotency_key_reused`, `409
    /// ancestor_unavailable` or `409 version_conflict`.
    case blocked(BlockedReason)
    /// Retried and counted toward the ceiling (Q-24): `409 idempotency_key_in_flight`, and anything unclassified.
    case counted
    /// Final (Q-23): every other 4xx naming the contract.
    case refused

    /// The class of an answer with `status` and error `code`; `namesContract` is whether it carried the contract
    /// header, `namesGrant` whether its details name a well-formed missing grant (P-51).
    static func of(status: Int, code: String?, namesContract: Bool, namesGrant: Bool) -> AnswerClass {
        if (200..<300).contains(status) { return .success }
        if !namesContract {
            return .environmental(
                reason: "an answer of \(status) naming no contract, taken as from something in front of the server")
        }
        switch (status, code) {
        case (429, _): return .environmental(reason: "the server is limiting requests (429)")
        case (408, _), (425, _), (500..<600, _):
            return .environmental(reason: "the server could not take the write now (\(status)\(code.map { " \($0)" } ?? ""))")
        case (401, _): return .credentialRefused
        case (403, _) where namesGrant: return .blocked(.credentialRefused)
        case (422, "idempotency_key_reused"): return .blocked(.keySpent)
        case (409, "ancestor_unavailable"): return .blocked(.ancestorUnavailable)
        case (409, "version_conflict"): return .blocked(.conflictUnresolved)
        case (409, "idempotency_key_in_flight"): return .counted
        case (400..<500, _): return .refused
        default: return .counted
        }
    }
}
