import Foundation
import MarfaEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Replays the log from the stored cursor up to the `stream_live` marker (WC-16 to WC-30): each event applied and
/// the cursor moved in one record; a burst of events already received is staged and then waited for once, so it
/// pays one durable wait; an aged-out or restored-behind cursor expires the copy. Each stream reads the catalog
/// first, and an event naming a type the catalog lacks reopens it once per type (WC-27, WC-80, Decision 0105).
struct CatchUp {
    let client: InstanceClient
    let engine: CopyActor
    /// Told of each event that changed the copy, after it is durable.
    var onApplied: @Sendable (StreamEvent, String) -> Void = { _, _ in }
    /// Where the catch-up pauses between an event's fetches and its apply (tests only).
    var seam = FetchApplySeam.none

    func run() async throws -> CatchUpReport {
        let standing = await engine.standing()
        switch standing.hydration {
        case .complete: break
        case .expired:
            try await engine.refuseIfExpired()
            throw MarfaError.copyExpired(reason: "catchup_too_old", message: "the copy expired; hydrate it")
        case .never, .inProgress:
            throw MarfaError.hydrationIncomplete(message: "the copy must be hydrated before it catches up")
        }
        try await checkInstance(expected: standing.instanceId)
        var tally = Tally()
        var tried = Set<CatalogGap>()
        while true {
            // Each stream reads the catalog first (WC-27); a stream ended at a catalog gap is opened again from the
            // stored cursor, the gap's type read again once (WC-80).
            try await catalog.refresh()
            let stream = try EventStreamConnection(client: client, lastEventId: await engine.standing().cursor)
            defer { stream.close() }
            let end = try await pass(stream, tally: &tally, tried: tried)
            guard case .catalogGap(let gap) = end else {
                return CatchUpReport(
                    applied: tally.applied, skipped: tally.skipped, cursor: await engine.standing().cursor,
                    reachedHead: end == .reachedHead)
            }
            tried.insert(gap)
        }
    }

    /// Events applied and skipped so far, over every stream a catch-up opened.
    struct Tally {
        var applied: UInt64 = 0
        var skipped: UInt64 = 0
    }

    /// How one stream of a catch-up ended.
    enum PassEnd: Equatable {
        /// The `stream_live` marker: the head is reached.
        case reachedHead
        /// The stream ended before the marker.
        case ended
        /// An event named a type the catalog does not hold: it was not applied, and the catalog is read again.
        case catalogGap(CatalogGap)
    }

    /// Replays `stream` up to the marker, its end or a catalog gap not in `tried`, counting into `tally`.
    private func pass(
        _ stream: EventStreamConnection, tally: inout Tally, tried: Set<CatalogGap>
    ) async throws -> PassEnd {
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
                    try await engine.moveCursor(afterMarker: marker)
                    return .reachedHead
                default:
                    if let gap = await catalog.gap(in: event, tried: tried) {
                        try await settle(burst)
                        return .catalogGap(gap)
                    }
                    let staged = try await stage(event)
                    if staged.skipped { tally.skipped += 1 } else { tally.applied += 1 }
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
        return .ended
    }

    /// The catalog reads around this catch-up's streams.
    var catalog: CatalogRefresh { CatalogRefresh(client: client, engine: engine) }

    /// Most events staged before a durable wait even while more are waiting, which bounds how long an applied
    /// event may stay unacknowledged in a long replay.
    static let burstLimit = 1000

    /// Whether to settle `burst` now: the reader has taken every event received so far, or the burst is full.
    static func burstEnds(_ burst: [StagedEvent], stream: EventStreamConnection, taken: Int) -> Bool {
        burst.count >= burstLimit || !stream.hasEvents(beyond: taken)
    }

    /// Stages one event and the cursor move with it (WC-18): the engine judges it against the copy as it is and
    /// applies it in one turn, and queues it in the journal in one record, so the cursor is durable together with
    /// the changes it covers; `settle` waits for it. A row entering the slice is read first, its tags and every page of
    /// its edges (WC-25, issue 28 point 22), and is then handed in again, judged afresh; a failed read throws.
    func stage(_ event: StreamEvent) async throws -> StagedEvent {
        guard let id = event.eventID, let decoded = event.logEvent else {
            return StagedEvent(event: event, skipped: false, cursor: "", commit: nil)
        }
        let cursor = id.description
        let origin = CommitOrigin.server(event: event.name, cursor: cursor)
        var logEvent = decoded
        var enteringEdges: [Edge]?
        while true {
            await seam.pause(.event(cursor))
            switch try await engine.stageEvent(logEvent, cursor: cursor, enteringEdges: enteringEdges, origin: origin) {
            case .needsEdges(let itemId):
                let entering = try await EnteringRowReader(client: client).read(itemId)
                logEvent = EnteringRowReader.tagging(logEvent, with: entering)
                enteringEdges = entering.edges
            case .staged(let commit, let skipped):
                return StagedEvent(event: event, skipped: skipped, cursor: cursor, commit: commit)
            }
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
            try await engine.expire()
            throw MarfaError.instanceChanged(
                expected: expected, got: served, message: "the origin now serves instance \(served), not \(expected)")
        }
    }

    /// A terminal frame that retires the cursor drops it and expires the copy (WC-30, WC-33); the queue stays.
    /// Answers whether it did.
    @discardableResult
    func expireIfTold(by event: StreamEvent) async throws -> Bool {
        switch event {
        case .catchupTooOld, .cursorAhead:
            try await engine.expire()
            return true
        case .readViewChanged:
            try await engine.expire(because: "read_view_changed")
            return true
        default:
            return false
        }
    }
}
