/// One change to the copy, as `changes()` tells it: which row, and where the change came from.
public struct Change: Sendable, Hashable {
    /// Where a change came from.
    public enum Origin: Sendable, Hashable {
        case local(WriteKind)
        case server(event: String, cursor: String)
        case refreshed(Refresh)
        case saved(dataVersion: Int64)
        case answered(DrainVerdict)
        case serverUnreachable(MarfaError)
        case serverReachable
        case queueDrained(DrainReport)
        case queueNotDrained(MarfaError)
        case stopped(MarfaError)
    }

    /// What refreshed many rows at once.
    public enum Refresh: String, Sendable, Hashable {
        case hydrated, caughtUp, drained, withdrawn, pinned, unpinned, purged, catalog, viewWritten
    }

    /// Where the change came from.
    public var origin: Origin
    /// The item it touched, if one.
    public var itemId: String?
    /// The edge it touched, if one.
    public var edgeId: String?

    /// Makes a change.
    public init(origin: Origin, itemId: String? = nil, edgeId: String? = nil) {
        self.origin = origin
        self.itemId = itemId
        self.edgeId = edgeId
    }
}
