import Foundation

/// What changed in a copy, as an updates sequence hears it.
package enum CopyChange: Sendable, Hashable {
    /// Items and edges changed or went away.
    case rows(ChangedRows)
    /// The queue changed.
    case queue
    /// This copy wrote a view.
    case views
    /// The type catalog changed.
    case catalog
    /// Many rows may have changed at once, as after a hydration or a refill.
    case everything
    /// The connection is now this one.
    case connection(CopyConnection)
    /// A hydration's progress is now this one, or nil once it ends.
    case fill(FillProgress?)
    /// The copy finished a pull at this time, by the device's clock.
    case lastSynced(Date)
}

/// The coalescing of one updates sequence (F114–F116): the first update asks for everything, later ones name what
/// changed since the one before, and however many changes arrive while the app reads, at most one update waits,
/// holding them all; more than `rowLimit` changed items and edges become `.everything`.
package struct UpdateCoalescer: Sendable {
    /// The most changed items and edges an update names before it asks for everything instead.
    package static let rowLimit = 1_000

    private var rows = ChangedRowsAccumulator()
    private var everything = true
    private var queue = false
    private var views = false
    private var catalog = false
    private var connection: CopyConnection
    private var fill: FillProgress?
    private var lastSynced: Date?
    private var delivered: CopyUpdate?

    /// Makes the coalescer of a sequence that begins when the copy stands as given; its first update asks for
    /// everything.
    package init(connection: CopyConnection, fill: FillProgress? = nil, lastSynced: Date? = nil) {
        self.connection = connection
        self.fill = fill
        self.lastSynced = lastSynced
    }

    /// Whether an update waits for the app.
    package var hasWaitingUpdate: Bool {
        guard let delivered else { return true }
        return everything || !rows.isEmpty || queue || views || catalog || delivered.connection != connection
            || delivered.fill != fill || delivered.lastSynced != lastSynced
    }

    /// Merges `change` into the waiting update.
    package mutating func record(_ change: CopyChange) {
        switch change {
        case .rows(let changed):
            guard !everything else { return }
            rows.merge(changed)
            if rows.count > Self.rowLimit { markEverything() }
        case .queue: queue = true
        case .views: views = true
        case .catalog: catalog = true
        case .everything: markEverything()
        case .connection(let value): connection = value
        case .fill(let value): fill = value
        case .lastSynced(let value): lastSynced = value
        }
    }

    /// The waiting update, handed to the app and cleared, or nil when none waits.
    package mutating func take() -> CopyUpdate? {
        guard hasWaitingUpdate else { return nil }
        let reread: Reread =
            everything
            ? .everything : .parts(Reread.Parts(rows: rows.rows, queue: queue, views: views, catalog: catalog))
        let update = CopyUpdate(reread: reread, connection: connection, fill: fill, lastSynced: lastSynced)
        delivered = update
        rows = ChangedRowsAccumulator()
        everything = false
        queue = false
        views = false
        catalog = false
        return update
    }

    private mutating func markEverything() {
        everything = true
        rows = ChangedRowsAccumulator()
        queue = false
        views = false
        catalog = false
    }
}
