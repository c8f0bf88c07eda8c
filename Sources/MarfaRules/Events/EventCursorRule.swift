/// How an event was met, as far as the cursor is concerned.
package enum EventOutcome: Sendable, Hashable {
    /// The event changed the copy, or was a no-op for a row the slice does not take.
    case applied
    /// The event was strictly older than the held row (WC-21).
    case skippedStale
    /// The event was received but not applied, such as when the edge read before an entering row failed (WC-26).
    case notApplied
}

/// The rule that moves the copy's cursor: the last applied or stale-skipped event, never a high-water mark (WC-18),
/// and forward only on a `stream_live` marker (WC-20).
package enum EventCursorRule {
    /// The cursor after the event `id` was met with `outcome`: that event's id, even when lower than `current`,
    /// unless the event was not applied.
    package static func cursor(after id: EventID, _ outcome: EventOutcome, current: EventID?) -> EventID? {
        outcome == .notApplied ? current : id
    }

    /// The cursor after a `stream_live` marker naming `marker`: the marker when above `current` (the ids between
    /// were withheld from this key), else `current`; a null marker changes nothing.
    package static func cursor(afterMarker marker: EventID?, current: EventID?) -> EventID? {
        guard let marker else { return current }
        guard let current else { return marker }
        return max(marker, current)
    }
}
