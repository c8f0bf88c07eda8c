import Foundation
import MarfaEngine

/// Holds the event stream while any updates sequence is held (seed 003, WC-78 to WC-81): catches up, follows live
/// events, drains the queue each time it reaches the head, backs off when offline and refills a stale copy, as
/// `ConnectionStateMachine` decides. It only performs
/// I/O and feeds results back to the machine; it talks to `CopyActor`, never to another actor's state.
actor FollowActor {
    private var machine: ConnectionStateMachine
    /// The clock the machine reads and retries wait on.
    private let clock: any MonotonicClock
    private let engine: CopyActor
    private let servers: ServerHolder
    private let events: CopyEvents
    private let drains: DrainActor
    /// The drain started the last time the follow reached the head, if it is still running.
    private var drain: Task<Void, Never>?
    private var session: Task<Void, Never>?
    private var retry: Task<Void, Never>?
    /// The reason of the terminal frame that last made the copy stale, which the refill gate weighs.
    private var staleReason: String?
    /// The types the catalog was read again for in this chain of reopens (WC-80); any other end clears them.
    private var catalogGapsTried = Set<CatalogGap>()
    private(set) var counters = FollowCounters()

    init(
        engine: CopyActor, servers: ServerHolder, events: CopyEvents, drains: DrainActor,
        start: ConnectionStateMachine.Start, policy: ConnectionPolicy = .standard, clock: any MonotonicClock
    ) {
        self.clock = clock
        self.engine = engine
        self.servers = servers
        self.events = events
        self.drains = drains
        machine = ConnectionStateMachine(start: start, policy: policy, clock: clock)
    }

    /// The connection shown now.
    var connection: CopyConnection { machine.connection }

    /// Feeds the machine one input and performs what it answers.
    func handle(_ input: ConnectionInput) {
        let before = machine.connection
        let transition = machine.handle(input)
        // A new updates sequence starts out `.connecting`, so it is told the connection even when it did not move.
        if transition.connection != before || input == .updatesBegan {
            events.broadcast(.connection(transition.connection))
        }
        for action in transition.actions { perform(action) }
    }

    private func perform(_ action: ConnectionAction) {
        switch action {
        case .connect:
            retry?.cancel()
            session?.cancel()
            session = Task { await self.follow() }
        case .scheduleRetry(let instant):
            retry?.cancel()
            retry = Task { [clock] in
                try? await clock.sleep(until: instant)
                guard !Task.isCancelled else { return }
                self.handle(.tick)
            }
        case .refill:
            retry?.cancel()
            session?.cancel()
            session = Task { await self.refill() }
        case .stop:
            retry?.cancel()
            session?.cancel()
            session = nil
        }
    }

    private func follow() async {
        guard let server = servers.current else { return }
        let catchUp = CatchUp(client: InstanceClient(server: server), engine: engine)
        let tried = catalogGapsTried
        catalogGapsTried = []
        counters.opens += 1
        if counters.opens > 1 { counters.reconnects += 1 }
        var burst: [StagedEvent] = []
        var asked: EventStreamConnection?
        do {
            let standing = await engine.standing()
            try await catchUp.checkInstance(expected: standing.instanceId)
            try await catchUp.catalog.refresh()
            if Task.isCancelled { return }
            let stream = try EventStreamConnection(client: catchUp.client, lastEventId: standing.cursor)
            asked = stream
            defer { stream.close() }
            var opened = false
            var taken = 0
            for try await event in stream.events {
                taken += 1
                if Task.isCancelled {
                    try? await catchUp.settle(burst)
                    return
                }
                if !opened {
                    opened = true
                    handle(.streamOpened)
                    events.serverReached()
                }
                if let terminal = event.terminalError {
                    try await settle(&burst, catchUp)
                    if try await catchUp.expireIfTold(by: event) { staleReason = event.name }
                    throw terminal
                }
                switch event {
                case .streamCursor: continue
                case .streamLive(let marker, _):
                    try await settle(&burst, catchUp)
                    try await engine.moveCursor(afterMarker: marker)
                    await events.synced(at: clock.wallTime)
                    handle(.followCaughtUp)
                    await drainIfWaiting(server)
                default:
                    if let gap = await catchUp.catalog.gap(in: event, tried: tried) {
                        try await reopen(after: gap, tried: tried, &burst, catchUp)
                        return
                    }
                    burst.append(try await catchUp.stage(event))
                    if CatchUp.burstEnds(burst, stream: stream, taken: taken) { try await settle(&burst, catchUp) }
                }
            }
            try await settle(&burst, catchUp)
            guard !Task.isCancelled else { return }
            // A stream that ended is no failure; it is asked for again after the wait an early end takes (WC-79).
            handle(.followFailed(.streamIncomplete(reason: "closed", message: "the event stream ended")))
        } catch {
            try? await settle(&burst, catchUp)
            guard !Task.isCancelled else { return }
            let failure = error as? MarfaError ?? .network(message: "\(error)")
            if asked?.wasAccepted != true { counters.failedOpens += 1 }
            report(failure)
        }
    }

    /// Ends the stream at an event naming `gap`, which the catalog does not hold, and opens another at once from
    /// the stored cursor, which reads the catalog first (WC-80; issue 28 point 21).
    private func reopen(
        after gap: CatalogGap, tried: Set<CatalogGap>, _ burst: inout [StagedEvent], _ catchUp: CatchUp
    ) async throws {
        try await settle(&burst, catchUp)
        guard !Task.isCancelled else { return }
        catalogGapsTried = tried.union([gap])
        session = Task { await self.follow() }
    }

    /// Starts a drain of the writes waiting to be sent, unless one the follow started is still running or nothing
    /// waits (seed 003: the server came back). `changes()` streams hear how it ended: `.queueDrained` with its
    /// report, or `.queueNotDrained` with the error that stopped it.
    private func drainIfWaiting(_ server: Server) async {
        guard drain == nil, engine.role == .writer, await engine.hasUnansweredWrites() else {
            return
        }
        drain = Task { [drains, events] in
            do {
                events.broadcast(Change(origin: .queueDrained(try await drains.drain(server))))
            } catch {
                events.broadcast(Change(origin: .queueNotDrained(error as? MarfaError ?? .network(message: "\(error)"))))
            }
            self.drainEnded()
        }
    }

    private func drainEnded() {
        drain = nil
    }

    /// Cancels the drain the follow started, if one runs, and waits for it to end (a copy closing).
    func endDrain() async {
        drain?.cancel()
        await drain?.value
    }

    /// Waits once for a burst of staged events to be durable, then counts each and tells the machine.
    private func settle(_ burst: inout [StagedEvent], _ catchUp: CatchUp) async throws {
        let settled = burst
        burst = []
        try await catchUp.settle(settled)
        for staged in settled {
            if staged.skipped { counters.skipped += 1 } else { counters.applied += 1 }
            handle(.eventApplied)
        }
    }

    private func report(_ failure: MarfaError) {
        counters.lastFailure = failure
        events.serverUnreachable(failure)
        handle(.followFailed(failure))
    }

    /// Refills the stale copy over the slice it holds, when the gate finds it keeps everything (F129 to F131).
    private func refill() async {
        guard let server = servers.current else { return }
        let client = InstanceClient(server: server)
        let standing = await engine.standing()
        guard let slice = standing.slice else {
            handle(.refillFailed(.hydrationIncomplete(message: "the copy holds no slice to refill")))
            return
        }
        do {
            let identity = InstanceIdentity(client: client)
            let served = try await identity.instanceId()
            let catalog = try await CatalogReader(client: client).read()
            let grants = try await identity.typeGrants()
            if Task.isCancelled { return }
            let expiry = await engine.expiryReason()
            let gate = RefillGate(
                storedInstanceId: standing.instanceId, servedInstanceId: served, hydration: standing.hydration,
                staleReason: staleReason ?? expiry, slice: slice, catalog: catalog, typeGrants: grants)
            if let refusal = gate.refusal {
                handle(.refillFailed(refusal))
                return
            }
            var hydrator = Hydrator(client: client, engine: engine)
            hydrator.progress = { [events] progress in events.broadcast(.fill(progress)) }
            _ = try await hydrator.hydrate(types: slice.types, tier: slice.tier, edgeTypes: slice.edgeTypes)
            events.broadcast(.fill(nil))
            staleReason = nil
            events.serverReached()
            handle(.refillSucceeded)
        } catch {
            events.broadcast(.fill(nil))
            handle(.refillFailed(error as? MarfaError ?? .network(message: "\(error)")))
        }
    }
}
