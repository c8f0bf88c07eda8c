import Foundation
import MarfaEngine

/// A local store of one slice of an instance: every read answered at once, every write taken at once and queued.
public final class WorkingCopy: Sendable {
    /// Whether this handle writes, or only reads because another process holds the store (WC-2).
    public let handle: Handle
    /// Reads and writes of items.
    public let items: Items
    /// Reads and writes of edges.
    public let edges: Edges
    /// Tag writes.
    public let tags: Tags
    /// Whole-metadata writes.
    public let metadata: Metadata
    /// Extension writes.
    public let extensions: Extensions
    /// The queue of writes waiting to be sent.
    public let queue: Queue
    /// The type catalog the copy holds.
    public let catalog: Catalog

    let engine: CopyActor
    private let servers: ServerHolder
    /// The instance and the key in use now.
    var server: Server? { servers.current }
    let events: CopyEvents
    let follow: FollowActor
    /// The clock the follow's waits and the `lastSynced` times are read from.
    let clock: any MonotonicClock

    /// Opens the store folder at `store` (creating it), bound to `server`'s origin when given.
    ///
    /// The first opener writes; another process's opener gets a reading handle. A store bound to another origin
    /// throws `wrongServer` naming both; a torn journal tail is cut, a corrupt record throws `storeCorrupt`. The
    /// search index of a copy holding items starts building in the background.
    public static func open(store: URL, server: Server? = nil) async throws -> WorkingCopy {
        try await open(store: store, server: server, clock: ContinuousClock(), creatingStore: true)
    }

    /// Opens the store as `open(store:server:)` does, with the follow's backoffs and retries timed by `clock` and
    /// waiting as `policy` says; without `creatingStore`, a path that holds no store throws `noStore` and nothing is
    /// created (a read makes no store, issue 26 point 5); without `swiftFillRules`, the device contract's fill rules
    /// hold instead of the Swift pages' (`CopyConfiguration.swiftFillRules`, Decision 0109).
    package static func open(
        store: URL, server: Server?, clock: any MonotonicClock = ContinuousClock(), creatingStore: Bool = true,
        policy: ConnectionPolicy = .standard, swiftFillRules: Bool = true
    ) async throws -> WorkingCopy {
        let origin = try server.map { server throws(MarfaError) in try Origin(url: server.url) }
        var configuration = CopyConfiguration()
        configuration.swiftFillRules = swiftFillRules
        let engine = try await CopyActor.open(
            at: store, origin: origin, configuration: configuration, creatingStore: creatingStore)
        let copy = WorkingCopy(engine: engine, server: server, clock: clock, policy: policy)
        copy.events.seed(lastSynced: await engine.lastSynced)
        await copy.events.start()
        if copy.handle == .reader { copy.events.watchWriterSaves() }
        await copy.startFollowState()
        await engine.warmTextIndex()
        return copy
    }

    /// Opens an existing store for reading only; it never claims the writer role, and a missing store throws
    /// `noStore` with nothing created (WC-3).
    public static func openReader(store: URL) async throws -> WorkingCopy {
        let engine = try await CopyActor.open(at: store, origin: nil, readOnly: true)
        let copy = WorkingCopy(engine: engine, server: nil, clock: ContinuousClock())
        copy.events.seed(lastSynced: await engine.lastSynced)
        await copy.events.start()
        copy.events.watchWriterSaves()
        await engine.warmTextIndex()
        return copy
    }

    init(engine: CopyActor, server: Server?, clock: any MonotonicClock, policy: ConnectionPolicy = .standard) {
        self.clock = clock
        self.engine = engine
        servers = ServerHolder(server)
        handle = engine.role == .writer ? .writer : .reader
        items = Items(engine: engine, servers: servers)
        edges = Edges(engine: engine)
        tags = Tags(engine: engine)
        metadata = Metadata(engine: engine)
        extensions = Extensions(engine: engine)
        catalog = Catalog(engine: engine, servers: servers)
        events = CopyEvents(engine: engine)
        let drains = DrainActor(engine: engine, events: events)
        queue = Queue(engine: engine, servers: servers, drains: drains)
        follow = FollowActor(
            engine: engine, servers: servers, events: events, drains: drains,
            start: server == nil || engine.role == .reader ? .local : .needsHydration(nil), policy: policy,
            clock: clock)
    }

    /// Sets the machine's starting point from the stored hydration state; called once after open.
    func startFollowState() async {
        guard server != nil, handle == .writer else { return }
        switch await engine.standing().hydration {
        case .complete: await follow.handle(.hydrationSucceeded)
        case .expired:
            // A store opened stale: its cursor was never confirmed under this key, so the refill is the app's (F131).
            await follow.handle(
                .catchUpFailed(.copyExpired(reason: "catchup_too_old", message: "the copy expired; hydrate it")))
        case .never, .inProgress: break
        }
    }

    /// Every change to the copy as it happens, uncoalesced, one element per row touched (seed 003, "changes()").
    /// While one is held, a writer with a server follows the instance, as while an updates sequence is (F138).
    public func changes() -> AsyncStream<Change> {
        let follow = self.follow
        let began = Task { await follow.handle(.updatesBegan) }
        return events.changes { Task { await began.value; await follow.handle(.updatesEnded) } }
    }

    /// The changes `changes()` tells, without holding the follow: a tool that starts and stops the follow itself
    /// (the chaos drill's worker) listens with this.
    package func changesWithoutFollowing() -> AsyncStream<Change> {
        events.changes()
    }

    /// The rows changed since `cursor`, or `.everything` for no cursor, a foreign or too old one, a change of
    /// catalog or hydration, or more than `most` changed rows (seed 003, "changes(since:most:)").
    ///
    /// Throws `hydrationIncomplete` while the copy fills or is stale; named items include items in the bin.
    public func changes(since cursor: ChangeCursor?, most: Int = 1000) async throws -> ChangesSince {
        try await engine.ensureOpen()
        let ownCommit = cursor.flatMap { $0.storeId == engine.storeId ? $0.commit : nil }
        let answer = await engine.committedChanges(after: ownCommit, most: most)
        if server != nil, !answer.hydrated {
            throw MarfaError.hydrationIncomplete(message: "changes are named once the copy is whole")
        }
        let next = ChangeCursor(storeId: engine.storeId, commit: answer.commitCount)
        guard let rows = answer.rows else { return .everything(next) }
        return .named(
            ChangedRows(
                items: rows.items, edges: rows.edges, removedItems: rows.removedItems, removedEdges: rows.removedEdges),
            next)
    }

    /// Updates for one consumer: the first asks to read everything, later ones name what changed since; at most
    /// one waits, and more than 1,000 changed rows become `.everything` (seed 003, "updates()").
    public func updates() -> CopyUpdates {
        let channel = UpdateChannel(connection: server == nil || handle == .reader ? .local : .connecting)
        let id = events.register(channel)
        let follow = self.follow
        Task { await follow.handle(.updatesBegan) }
        return CopyUpdates(channel: channel) { [events] in
            events.release(id)
            Task { await follow.handle(.updatesEnded) }
        }
    }

    /// The store's origin, slice, cursor, counts and hydration state, answered offline (WC-5).
    public func status() async throws -> Status {
        try await engine.ensureOpen()
        let state = await engine.standing()
        let origin = await engine.origin
        return Status(
            serverOrigin: origin?.description, instanceId: state.instanceId, sliceTypes: state.slice?.types ?? [],
            sliceTier: state.slice?.tier, sliceEdgeTypes: state.slice?.edgeTypes ?? [], pinned: state.pins,
            eventCursor: state.cursor, hydration: state.hydration, items: UInt64(state.items),
            edges: UInt64(state.edges), catalogVersion: try await engine.catalogVersion(), recovery: engine.recovery)
    }

    /// Refuses a slice's type list as `hydrate` does before any request (WC-8): empty, a bare `*`, or a name outside
    /// the type grammar throws `validation`; a caller may check before it talks to the instance at all.
    public static func checkSliceTypes(_ types: [String]) throws {
        try Hydrator.checkTypes(types)
    }

    /// Fills the copy with a slice of the instance, replacing what it held and keeping the queue (WC-8 to WC-15); a
    /// stale copy's own slice is refilled in place, its rows answered `.stale` meanwhile (F129, Decision 0109).
    ///
    /// Refuses a reading handle, an empty type list, a bare `*` and a malformed type before any request; an
    /// interrupted fill leaves the copy `in_progress`, and the next one starts over.
    public func hydrate(types: [String], tier: SliceTier, edgeTypes: [String] = []) async throws -> HydrateReport {
        guard handle == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        let call = try servers.begin()
        defer { call.end() }
        try await engine.ensureOpen()
        try Hydrator.checkTypes(types)
        guard let server = call.server else {
            throw MarfaError.noServer(message: "this copy was opened without a server")
        }
        do {
            var hydrator = Hydrator(client: InstanceClient(server: server), engine: engine)
            hydrator.progress = { [events] progress in events.broadcast(.fill(progress)) }
            let report = try await hydrator.hydrate(types: types, tier: tier, edgeTypes: edgeTypes)
            events.broadcast(.fill(nil))
            events.serverReached()
            await events.synced(at: clock.wallTime)
            await follow.handle(.hydrationSucceeded)
            return report
        } catch {
            events.broadcast(.fill(nil))
            let stillFilled = await engine.standing().hydration == .complete
            await follow.handle(.hydrationFailed(error as? MarfaError ?? .network(message: "\(error)"), stillFilled: stillFilled))
            throw error
        }
    }

    /// Replays the instance's log from the stored cursor up to its head (WC-16 to WC-30).
    public func catchUp() async throws -> CatchUpReport {
        let call = try servers.begin()
        defer { call.end() }
        try await engine.ensureOpen()
        guard handle == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        guard let server = call.server else {
            throw MarfaError.noServer(message: "this copy was opened without a server")
        }
        do {
            let report = try await CatchUp(client: InstanceClient(server: server), engine: engine).run()
            events.serverReached()
            if report.applied > 0 { events.broadcast(Change(origin: .refreshed(.caughtUp))) }
            if report.reachedHead { await events.synced(at: clock.wallTime) }
            await follow.handle(.catchUpSucceeded)
            return report
        } catch {
            await follow.handle(.catchUpFailed(error as? MarfaError ?? .network(message: "\(error)")))
            throw error
        }
    }

    /// Searches names, text properties and tags, best match first; never the bin (seed 000, WC-52, WC-54).
    public func search(_ query: String, filters: SearchFilters = SearchFilters(), limit: Int = 20) async throws
        -> Rows<SearchHit>
    {
        try await engine.search(query, filters: filters, limit: limit)
    }

    /// Replaces the app's declared types, each a JSON type definition (P-83): a copy never filled checks creates
    /// against the built-in catalog and these, and `changes()` hears `.refreshed(.catalog)`. Throws `validation` for
    /// text that is not a type definition or a type declared twice, `forbidden` for `core.`, `system.` and `marfa.`
    /// types, `readingHandle` on a reader.
    public func declareTypes(_ types: [String]) async throws {
        try await engine.declareTypes(types)
    }

    /// The declarations this copy holds, each as normalized JSON (sorted keys), in the order declared.
    public func declaredTypes() async throws -> [String] {
        try await engine.declaredTypes()
    }

    /// Holds an item whatever the slice says, fetching it and the edges it draws now (WC-35); pinning again fetches
    /// again and reports it was pinned. An id neither the instance nor the copy holds fails, and nothing is pinned.
    public func pin(_ id: String) async throws -> PinReport {
        try await engine.ensureOpen()
        guard handle == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        let call = try servers.begin()
        defer { call.end() }
        guard let server = call.server else {
            throw MarfaError.noServer(message: "pinning fetches the row from the instance")
        }
        return try await PinFetcher(client: InstanceClient(server: server), engine: engine).pin(id)
    }

    /// Releases a pin; a row the slice does not take leaves with its edges unless writes to it still wait (WC-40).
    /// Sends nothing, so it works offline and on a copy opened without a server (Decision 0108).
    public func unpin(_ id: String) async throws -> PinReport {
        try await engine.ensureOpen()
        guard handle == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        return PinReport(pinned: false, wasPinned: try await engine.unpin(id))
    }

    /// Writes a snapshot of the whole copy now, reads it back, and drops what the snapshot before it covered; that
    /// snapshot and the journal after it stay until the next checkpoint, so a damaged snapshot never strands the
    /// store (Issue 26.3). A reading handle is refused `readingHandle` and writes nothing.
    public func checkpoint() async throws {
        try await engine.ensureOpen()
        try await engine.checkpoint()
    }

    /// Uses another key from now on, for every request; a refused key's wait ends (seed 003, `.keyRefused`).
    ///
    /// Waits for the calls running under the old key (a hydration, catch-up, drain, pin, bin read or purge) to
    /// finish; meanwhile every call on the copy throws `invalid`, and streams carry on (swift-api.md §2 "Keys").
    /// Throws `noServer` for a copy opened without a server, `invalid` while another key change runs.
    public func useKey(_ key: String) async throws {
        try await engine.ensureOpen()
        guard server != nil else { throw MarfaError.noServer(message: "this copy was opened without a server") }
        try servers.beginKeyChange()
        await engine.changingKey(true)
        await servers.runningCallsEnded()
        servers.endKeyChange(using: key)
        await engine.changingKey(false)
        await follow.handle(.keyChanged)
    }

    /// Finishes any snapshot in flight, ends every `updates()` sequence (its last update names `.closed`) and
    /// `changes()` stream, and releases the store. It is final (F120): every later call throws `closed`.
    public func close() async {
        events.stopWatchingWriterSaves()
        await follow.handle(.closed)
        await follow.endDrain()
        await engine.close()
        events.close()
    }
}

extension WorkingCopy {
    /// What the follow did since this copy was opened: events applied and skipped, the cursor, reconnects, failed
    /// opens and the last failure (the device command line's follow report).
    package func followReport() async -> JSONValue {
        let counters = await follow.counters
        let cursor = await engine.standing().cursor
        return [
            "applied": .integer(Int64(counters.applied)), "skipped": .integer(Int64(counters.skipped)),
            "cursor": cursor.map(JSONValue.string) ?? .null, "reconnects": .integer(Int64(counters.reconnects)),
            "failed_opens": .integer(Int64(counters.failedOpens)),
            "last_failure": counters.lastFailure.map { .string(FollowFailure.text($0)) } ?? .null,
        ]
    }
}
