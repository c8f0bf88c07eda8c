/// Whether a drain may send a write now (Q-8, Q-9, Q-10, Q-43): order is checked before dependencies, so a write
/// that would be refused for its dependency still waits behind the write ahead of it.
enum DrainReadiness: Equatable {
    /// Nothing ahead of it waits: send it.
    case ready
    /// Behind a write on the same row or edge that has no answer yet this pass, or waiting for a create the
    /// instance has not taken (unanswered or blocked).
    case held
    /// A create it waits for was refused or died: refused unsent, with `reason` naming the create.
    case refused(reason: String)

    /// The readiness of `write`, given each queued write's verdict now (`verdicts`) and the writes this pass sent
    /// without an answer or held (`waiting`). A dependency no longer in the queue was answered and forgotten.
    static func of(
        _ write: QueuedWrite, verdicts: [String: (kind: WriteKind, verdict: Verdict?)], waiting: Set<String>
    ) -> DrainReadiness {
        if let ahead = write.follows, waiting.contains(ahead) { return .held }
        for dependency in write.dependsOn {
            guard let (kind, verdict) = verdicts[dependency] else { continue }
            switch verdict {
            case .accepted?, .merged?, .conflicted?: continue
            case .refused?, .dead?:
                return .refused(reason: "the \(kind.rawValue) it waits for was \(verdict?.name ?? "")")
            case .blocked?, nil: return .held
            }
        }
        return .ready
    }
}
