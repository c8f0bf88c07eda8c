import MarfaEngine

extension StreamEvent {
    /// The event as the engine judges it: the rows an item, purge, metadata or edge frame carries; nil for markers
    /// and terminal frames.
    var logEvent: LogEvent? {
        switch self {
        case .item(let kind, _, let row, let metadata): .item(kind, row, metadata)
        case .metadataChanged(_, let row, let metadata): .metadataChanged(row, metadata)
        case .itemPurged(_, let itemId): .itemPurged(itemId: itemId)
        case .edge(let kind, _, let edge, _): .edge(kind, edge)
        case .streamCursor, .streamLive, .catchupTooOld, .cursorAhead, .streamIncomplete, .readViewChanged: nil
        }
    }
}
