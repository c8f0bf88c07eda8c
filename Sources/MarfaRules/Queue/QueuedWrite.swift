import Foundation

/// One write waiting in the queue, or answered: what it changes, how it is sent, and its verdict.
public struct QueuedWrite: Sendable, Hashable, Codable, Identifiable {
    /// The queue entry's own id (a UUIDv7, so ids sort in queue order).
    public var id: String
    /// Which of the closed set of write kinds this is.
    public var kind: WriteKind
    /// The item the write changes, if any.
    public var itemId: String?
    /// The other end's item, for writes that name one.
    public var targetId: String?
    /// The edge the write changes, if any.
    public var edgeId: String?
    /// The extension namespace, for extension writes.
    public var namespace: String?
    /// The tag, for tag writes.
    public var tag: String?
    /// The blob hash, for uploads.
    public var blob: String?
    /// The version the write was based on.
    public var baseVersion: Int64?
    /// The key minted when the write was queued and reused on every resend.
    public var idempotencyKey: String
    /// The queued creates this write waits for.
    public var dependsOn: [String]
    /// The unanswered write ahead of this one on the same row or edge.
    public var follows: String?
    /// The answer, or nil while unanswered.
    public var verdict: Verdict?
    /// What goes on the wire.
    public var body: JSONObject
    /// The instance's answer envelope, kept whole.
    public var answer: String?
    /// Counted failures toward the ceiling.
    public var refusals: Int64
    /// When the write was queued.
    public var queuedAt: String
    /// When the write was answered.
    public var answeredAt: String?
    /// When the write first went out under its key, or nil while it has never been sent: from then on its body and
    /// base never change (V-19), until a release gives it a fresh key.
    public var sentAt: String?
    /// For an item edit: each property it sends, with the value the copy showed when it was made (`null` for none).
    /// An edit moves onto the answer ahead of it only if that answer holds these values for the properties it
    /// changes, so nothing it did not read is overwritten (V-14 a, V-15, V-18). Nil for an edit sent as read (V-20,
    /// never moved), for other kinds, and for edits queued before it was kept.
    public var read: JSONObject?

    /// Makes a queued write; the queue mints ids and keys, so apps read these rather than make them.
    public init(
        id: String, kind: WriteKind, itemId: String? = nil, targetId: String? = nil, edgeId: String? = nil,
        namespace: String? = nil, tag: String? = nil, blob: String? = nil, baseVersion: Int64? = nil,
        idempotencyKey: String, dependsOn: [String] = [], follows: String? = nil, verdict: Verdict? = nil,
        body: JSONObject = [:], answer: String? = nil, refusals: Int64 = 0, queuedAt: String,
        answeredAt: String? = nil, sentAt: String? = nil, read: JSONObject? = nil
    ) {
        self.id = id
        self.kind = kind
        self.itemId = itemId
        self.targetId = targetId
        self.edgeId = edgeId
        self.namespace = namespace
        self.tag = tag
        self.blob = blob
        self.baseVersion = baseVersion
        self.idempotencyKey = idempotencyKey
        self.dependsOn = dependsOn
        self.follows = follows
        self.verdict = verdict
        self.body = body
        self.answer = answer
        self.refusals = refusals
        self.queuedAt = queuedAt
        self.answeredAt = answeredAt
        self.sentAt = sentAt
        self.read = read
    }

    /// Whether the write still waits for an answer.
    public var isUnanswered: Bool { verdict == nil }
}
