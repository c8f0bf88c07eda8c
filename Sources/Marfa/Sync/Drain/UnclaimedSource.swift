import MarfaEngine

/// Reads a create's refusal for a source its key does not claim: a `403 forbidden` naming the contract whose
/// `details` are exactly `{"source": S}`. A 403 naming the source beside anything more (an allow-list names the type
/// and the list too) is not this refusal, and neither is one to any write but an item create.
enum UnclaimedSource {
    /// The source `answer` refuses `write` for, or nil when it is not the unclaimed-source refusal.
    static func named(by answer: InstanceAnswer, to write: QueuedWrite) -> String? {
        guard write.kind == .createItem, answer.status == 403, answer.headers[ContractCheck.headerName] != nil,
            let envelope = ErrorEnvelope.parse(answer), envelope.code == "forbidden",
            let details = envelope.details?.object, details.count == 1
        else { return nil }
        return details["source"]?.string
    }
}
