/// Why a write is held rather than answered: the closed set of five reasons.
public enum BlockedReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// The key was refused.
    case credentialRefused = "credential_refused"
    /// The idempotency key was reused for another request.
    case keySpent = "key_spent"
    /// The version the write was based on is gone.
    case ancestorUnavailable = "ancestor_unavailable"
    /// A collision even `conflict=auto` could not resolve.
    case conflictUnresolved = "conflict_unresolved"
    /// Waiting for a write it depends on.
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
    /// The grant the key lacks, when the refusal names one.
    public var grant: MissingGrant?

    /// Makes a refusal.
    public init(reason: String, code: String? = nil, message: String? = nil, fields: [FieldRefusal] = [],
                trashed: Bool = false, grant: MissingGrant? = nil) {
        self.reason = reason
        self.code = code
        self.message = message
        self.fields = fields
        self.trashed = trashed
        self.grant = grant
    }
}

/// The one answer a queued write gets: the closed set of six verdicts.
public enum Verdict: Sendable, Hashable, Codable {
    /// Taken as sent.
    case accepted
    /// Taken, merged over a newer version; `fields` were merged.
    case merged(fields: [String])
    /// Taken, with a conflicted copy `siblingId` holding the losing values.
    case conflicted(siblingId: String, fields: [String])
    /// Refused, with the instance's reason.
    case refused(Refusal)
    /// Held until something outside the request changes.
    case blocked(reason: BlockedReason, refusal: Refusal? = nil)
    /// Five counted failures; released by id only.
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
