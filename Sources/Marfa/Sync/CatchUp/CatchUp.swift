import Foundation
import MarfaEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Replays the log from the stored cursor up to the `stream_live` marker (WC-16 to WC-30): each event applied and
/// the cursor moved in one record; a burst of events already received is staged and then waited for once, so it
/// pays one durable wait; an aged-out or restored-behind cursor expires the copy.
struct CatchUp {
    let client: InstanceClient
    let engine: CopyActor
    /// Told of each event that changed the copy, after it is durable.
    var onApplied: @Sendable (StreamEvent, String) -> Void = { _, _ in }

    /// The copy's hydration, instance and cursor, read without keeping a copy of its state through the run (a copy
    /// held across the stages would make the first write to each shard and page copy it).
    private func startingPoint() async -> (Hydration, String?, String?) {
        let state = await engine.state
        return (state.hydration, state.instanceId, state.cursor)
    }

    func run() async throws -> CatchUpReport {
        let (hydration, instanceId, cursor) = await startingPoint()
        switch hydration {
        case .complete: break
        case .expired: throw MarfaError.copyExpired(reason: "catchup_too_old", message: "the copy expired; hydrate it")
        case .never, .inProgress:
            throw MarfaError.hydrationIncomplete(message: "the copy must be hydrated before it catches up")
        }
        try await checkInstance(expected: instanceId)
        let stream = try EventStreamConnection(client: client, lastEventId: cursor)
        defer { stream.close() }
        var applied: UInt64 = 0
        var skipped: UInt64 = 0
        var taken = 0
        var burst: [StagedEvent] = []
        do {
            for try await event in stream.events {
                taken += 1
                if let terminal = event.terminalError {
                    try await settle(burst)
                    burst = []
                    try await expireIfTold(by: event)
                    throw terminal
                }
                switch event {
                case .streamCursor:
                    continue
                case .streamLive(let marker, _):
                    try await settle(burst)
                    burst = []
                    let current = await engine.state.cursor.flatMap { EventID(canonical: $0) }
                    if let moved = EventCursorRule.cursor(afterMarker: marker, current: current), moved != current {
                        try await engine.commit([.setCursor(moved.description)])
                    }
                    return CatchUpReport(
                        applied: applied, skipped: skipped, cursor: await engine.state.cursor, reachedHead: true)
                default:
                    let staged = try await stage(event)
                    if staged.outcome.skipped { skipped += 1 } else { applied += 1 }
                    burst.append(staged)
                    if Self.burstEnds(burst, stream: stream, taken: taken) {
                        try await settle(burst)
                        burst = []
                    }
                }
            }
            try await settle(burst)
        } catch {
            try? await settle(burst)
            throw error
        }
        return CatchUpReport(applied: applied, skipped: skipped, cursor: await engine.state.cursor, reachedHead: false)
    }

    /// Most events staged before a durable wait even while more are waiting, which bounds how long an applied
    /// event may stay unacknowledged in a long replay.
    static let burstLimit = 1000

    /// Whether to settle `burst` now: the reader has taken every event received so far, or the burst is full.
    static func burstEnds(_ burst: [StagedEvent], stream: EventStreamConnection, taken: Int) -> Bool {
        burst.count >= burstLimit || !stream.hasEvents(beyond: taken)
    }

    /// Applies one event and moves the cursor with it, in one durable step.
    func apply(_ event: StreamEvent) async throws -> EventApplier.Outcome {
        let staged = try await stage(event)
        try await settle([staged])
        return staged.outcome
    }

    /// Stages one event and the cursor move with it (WC-18): applied to memory and queued in the journal in one
    /// record, so the cursor is durable together with the changes it covers; `settle` waits for it.
    func stage(_ event: StreamEvent) async throws -> StagedEvent {
        guard let outcome = try await outcome(of: event) else {
            return StagedEvent(event: event, outcome: EventApplier.Outcome(changes: [], skipped: false), cursor: "", commit: nil)
        }
        let cursor = outcome.changes.reversed().lazy.compactMap { change -> String? in
            if case .setCursor(let cursor?) = change { return cursor }
            return nil
        }.first ?? ""
        let commit = try await engine.stageCommit(outcome.changes, origin: .server(event: event.name, cursor: cursor))
        return StagedEvent(event: event, outcome: outcome, cursor: cursor, commit: commit)
    }

    /// What applying `event` does, judged against the copy's state as it is now; nil for an event that changes
    /// nothing. The state read here is let go on return, before the changes are staged: a copy still held while
    /// the copy's own state changes would make that change copy what it touches (copy-on-write).
    private func outcome(of event: StreamEvent) async throws -> EventApplier.Outcome? {
        let applier = EventApplier(state: await engine.state)
        switch event {
        case .item(let kind, let id, let row, let metadata):
            let edges = applier.needsEdgesFirst(kind, row: row)
                ? try await PageReader(client: client).edges(of: row.id).edges : []
            return applier.item(kind, id: id, row: row, metadata: metadata, enteringEdges: edges)
        case .metadataChanged(let id, let row, let metadata):
            return applier.metadata(id: id, row: row, metadata: metadata)
        case .itemPurged(let id, let itemId):
            return applier.purge(id: id, itemId: itemId)
        case .edge(let kind, let id, let edge, _):
            return applier.edge(kind, id: id, edge: edge)
        default:
            return nil
        }
    }

    /// Returns once every event of `staged` is durable (one wait), then tells `onApplied` of each, in order.
    func settle(_ staged: [StagedEvent]) async throws {
        try await engine.settle(staged.compactMap(\.commit))
        for applied in staged where applied.commit != nil { onApplied(applied.event, applied.cursor) }
    }

    /// Refuses to go on against a different instance at the same origin (P-6, WC-33), expiring the copy.
    func checkInstance(expected: String?) async throws {
        let served = try await InstanceIdentity(client: client).instanceId()
        if let expected, served != expected {
            try await engine.commit([.setHydration(.expired), .setCursor(nil)])
            throw MarfaError.instanceChanged(
                expected: expected, got: served, message: "the origin now serves instance \(served), not \(expected)")
        }
    }

    /// A terminal frame that retires the cursor drops it and expires the copy (WC-30, WC-33); the queue stays.
    /// Answers whether it did.
    @discardableResult
    func expireIfTold(by event: StreamEvent) async throws -> Bool {
        switch event {
        case .catchupTooOld, .cursorAhead, .readViewChanged:
            try await engine.commit([.setHydration(.expired), .setCursor(nil)])
            return true
        default:
            return false
        }
    }
}
