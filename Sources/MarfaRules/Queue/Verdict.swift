/// Why a write is held rather than answered: the closed set of five reasons.
public enum BlockedReason: String, Sendable, Hashable, Codable, CaseIterable {
    case credentialRefused = "credential_refused"
    case keySpent = "key_spent"
    case ancestorUnavailable = "ancestor_unavailable"
    case conflictUnresolved = "conflict_unresolved"
    case awaitingDependency = "awaiting_dependency"
}

/// A field the instance refused, with its reason.
public struct FieldRefusal: Sendable, Hashable, Codable {
    /// The refused field's name.
    public var field: String
    /// Why the field was refused.
    public var message: String

    /// Makes a field refusal.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// What the instance said when it refused a write.
public struct Refusal: Sendable, Hashable, Codable {
    /// The class of the refusal (`validation`, `forbidden`…).
    public var reason: String
    /// The instance's own error code, if it gave one.
    public var code: String?
    /// The instance's message, if it gave one.
    public var message: String?
    /// The fields the instance named.
    public var fields: [FieldRefusal]
    /// Whether the write was refused because its item is in the bin.
    public var trashed: Bool

    /// Makes a refusal.
    public init(reason: String, code: String? = nil, message: String? = nil, fields: [FieldRefusal] = [],
                trashed: Bool = false) {
        self.reason = reason
        self.code = code
        self.message = message
        self.fields = fields
        self.trashed = trashed
    }
}

/// The one answer a queued write gets: the closed set of six verdicts.
public enum Verdict: Sendable, Hashable, Codable {
    case accepted
    case merged(fields: [String])
    case conflicted(siblingId: String, fields: [String])
    case refused(Refusal)
    case blocked(reason: BlockedReason, refusal: Refusal? = nil)
    case dead

    /// The verdict's name as the device command line prints it.
    public var name: String {
        switch self {
        case .accepted: return "accepted"
        case .merged: return "merged"
        case .conflicted: return "conflicted"
        case .refused: return "refused"
        case .blocked: return "blocked"
        case .dead: return "dead"
        }
    }
}
