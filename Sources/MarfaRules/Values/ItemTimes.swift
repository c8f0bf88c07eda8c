/// An item's three times: each as milliseconds when its text is canonical (`CanonicalTime`), so an item holds
/// 24 bytes for them rather than up to three heap strings; all three as their texts when any one is not.
struct ItemTimes: Hashable, Sendable {
    private var created: Int64
    private var updated: Int64
    private var occurred: Int64
    /// `[created, updated, occurred]` as given, when one of them is not canonical; nil otherwise.
    private var texts: [String]?

    /// The times of three RFC 3339 texts.
    init(createdAt: String, updatedAt: String, occurredAt: String) {
        if let created = CanonicalTime.milliseconds(createdAt), let updated = CanonicalTime.milliseconds(updatedAt),
            let occurred = CanonicalTime.milliseconds(occurredAt)
        {
            self.created = created
            self.updated = updated
            self.occurred = occurred
            texts = nil
        } else {
            (created, updated, occurred) = (0, 0, 0)
            // An equal time shares the creation time's string (Decision 0019).
            texts = [
                createdAt, updatedAt == createdAt ? createdAt : updatedAt,
                occurredAt == createdAt ? createdAt : occurredAt,
            ]
        }
    }

    /// Three canonical times given as their milliseconds (`CanonicalTime`), as a decoder that parsed them reads them.
    init(created: Int64, updated: Int64, occurred: Int64) {
        self.created = created
        self.updated = updated
        self.occurred = occurred
        texts = nil
    }

    /// When the item was created.
    var createdAt: String {
        get { texts?[0] ?? CanonicalTime.text(created) }
        set { self = ItemTimes(createdAt: newValue, updatedAt: updatedAt, occurredAt: occurredAt) }
    }

    /// When the item last changed.
    var updatedAt: String {
        get { texts?[1] ?? CanonicalTime.text(updated) }
        set { self = ItemTimes(createdAt: createdAt, updatedAt: newValue, occurredAt: occurredAt) }
    }

    /// The item's own time.
    var occurredAt: String {
        get { texts?[2] ?? CanonicalTime.text(occurred) }
        set { self = ItemTimes(createdAt: createdAt, updatedAt: updatedAt, occurredAt: newValue) }
    }

    /// The three times in milliseconds `(created, updated, occurred)`, or nil when one is not canonical.
    var milliseconds: (created: Int64, updated: Int64, occurred: Int64)? {
        texts == nil ? (created, updated, occurred) : nil
    }
}
