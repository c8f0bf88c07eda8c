/// One change to the copy, as `changes()` tells it: which row, and where the change came from.
public struct Change: Sendable, Hashable {
    /// Where a change came from.
    public enum Origin: Sendable, Hashable {
        /// A write this copy made.
        case local(WriteKind)
        /// An event from the instance's log.
        case server(event: String, cursor: String)
        /// Many rows refreshed at once.
        case refreshed(Refresh)
        /// A save by the writer, seen by a reader.
        case saved(dataVersion: Int64)
        /// The instance answered a queued write.
        case answered(DrainVerdict)
        /// The instance could not be reached.
        case serverUnreachable(MarfaError)
        /// The instance answers again.
        case serverReachable
        /// A drain pass ended.
        case queueDrained(DrainReport)
        /// A drain pass could not run.
        case queueNotDrained(MarfaError)
        /// The change stream stopped.
        case stopped(MarfaError)
    }

    /// What refreshed many rows at once.
    public enum Refresh: String, Sendable, Hashable {
        /// A hydration filled the copy.
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
