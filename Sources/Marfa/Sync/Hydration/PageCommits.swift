import MarfaEngine

/// Stores a fill's pages without waiting for each to be durable before the next is read: up to `depth` page
/// commits are in flight at once, so they share fsyncs and overlap the reading (issue 6 "Performance").
///
/// Pages hold disjoint rows, so the order in which in-flight pages reach the journal does not matter; the fill
/// drains them all before it records the cursor and `complete` (WC-10, WC-15).
struct PageCommits {
    let engine: CopyActor
    /// The fill the pages are of: a later fill's start refuses them (`CopyActor.storeFillPage`).
    let fill: FillToken
    /// The most page commits in flight.
    var depth = 4
    private var inFlight: [Task<Void, any Error>] = []

    init(engine: CopyActor, fill: FillToken) {
        self.engine = engine
        self.fill = fill
    }

    /// Starts storing one page, first waiting for the oldest commit when `depth` are in flight.
    mutating func commit(_ page: FillPage) async throws(MarfaError) {
        if inFlight.count >= depth { try await Self.wait(inFlight.removeFirst()) }
        inFlight.append(Task { [engine, fill] in
            if fill.inPlace {
                try await engine.storeRefillPage(page, of: fill)
            } else {
                try await engine.storeFillPage(page, of: fill)
            }
        })
    }

    /// Waits until every page started is durable; throws the first failure.
    mutating func drain() async throws(MarfaError) {
        while !inFlight.isEmpty { try await Self.wait(inFlight.removeFirst()) }
    }

    /// Waits for every page started, ignoring failures: after a failed fill, so that no page of it lands later.
    mutating func settle() async {
        while !inFlight.isEmpty { _ = await inFlight.removeFirst().result }
    }

    private static func wait(_ task: Task<Void, any Error>) async throws(MarfaError) {
        do {
            try await task.value
        } catch {
            throw error as? MarfaError ?? .store(message: "\(error)")
        }
    }
}
