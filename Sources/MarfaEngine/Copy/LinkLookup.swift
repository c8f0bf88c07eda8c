import MarfaRules

/// One link by title in a saved body, and what the instance's name lookup answered for it (F099, F100).
///
/// A save records each title link the copy cannot bind alone as unanswered; the lookup the next drain makes
/// answers it, and the answer stays with the note until its body is saved again without the link.
package struct LinkLookup: Sendable, Hashable {
    /// The name the link gives, folded as names compare (`LinkResolver.folded`).
    package var name: String
    /// The lookup's answer, or nil while it is pending.
    package var answer: Answer?

    /// What the instance's lookup said a name names.
    package enum Answer: Sendable, Hashable {
        /// One item has that name: the link's `references` edge points at it.
        case found(id: String)
        /// No item has that name.
        case missing
        /// More than one item has that name.
        case ambiguous
        /// The link's edge could not be written, for `reason` (the refusal's code).
        case refused(reason: String)
    }

    /// Makes a lookup record.
    package init(name: String, answer: Answer? = nil) {
        self.name = name
        self.answer = answer
    }
}
