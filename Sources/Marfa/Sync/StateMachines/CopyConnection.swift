/// What a copy is doing with its server, as each `CopyUpdate` tells it.
///
/// Only `.needsHydration` and `.keyRefused` need the app: hydrate the first, give the copy a new key for the second.
public enum CopyConnection: Sendable, Hashable {
    /// The copy has no server, or is a reader that hears the writer's saves.
    case local
    /// The copy is asking its server: as updates begin, after `useKey(_:)`, and while it refills a stale copy.
    case connecting
    /// The server answered, and the copy follows its events.
    case following
    /// The copy was closed; this is the last update.
    case closed
    /// The copy needs a fill: nil before its first, else the error that ended it or the fault the app's last
    /// hydration or catch-up met.
    case needsHydration(MarfaError?)
    /// The server can't be reached for now; the copy tries again after 5 seconds, doubling up to 5 minutes.
    case offline(MarfaError)
    /// The follow, or the app's own catch-up or hydration, stopped on a fault asking again may not clear; the copy
    /// tries again every 5 minutes.
    case stopped(MarfaError)
    /// The server refused the key; nothing happens until `useKey(_:)`.
    case keyRefused(MarfaError)
}
