import Foundation
import MarfaEngine
import MarfaLocks

/// The fan-out of one copy's commits to its `changes()` streams and `updates()` sequences.
final class CopyEvents: Sendable {
    private struct Listeners {
        var changes: [UInt64: AsyncStream<Change>.Continuation] = [:]
        var updates: [UInt64: UpdateChannel] = [:]
        var next: UInt64 = 0
        var token: UInt64?
        var writerWatch: Task<Void, Never>?
        /// Whether the copy was closed: every stream and sequence has ended, and a new one ends at once (F120).
        var closed = false
        /// The device time of the last completed pull, which a new updates sequence starts from (F113).
        var lastSynced: Date?
    }

    private let engine: CopyActor
    private let listeners = LockedValue(Listeners())
    /// Whether the server was last found unreachable (F140).
    let reachability = ServerReachability()

    init(engine: CopyActor) {
        self.engine = engine
    }

    /// Starts listening to the engine once; later subscribers share the one listener.
    func start() async {
        guard listeners.withLock({ $0.token == nil }) else { return }
        let token = await engine.addListener { [weak self] notice in self?.deliver(notice) }
        let duplicate = listeners.withLock { state -> Bool in
            guard state.token == nil else { return true }
            state.token = token
            return false
        }
        if duplicate { await engine.removeListener(token) }
    }

    /// For a reading handle: looks for the writer's saves every `interval` while a stream or sequence is held, and
    /// hands each to them as `.saved` (swift-api "One writer per store").
    func watchWriterSaves(every interval: Duration = .milliseconds(100)) {
        let task = Task { [weak self, engine] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self, self.listeners.withLock({ !$0.changes.isEmpty || !$0.updates.isEmpty }) else {
                    continue
                }
                do throws(MarfaError) {
                    for notice in try await engine.takeWriterSaves() { self.deliver(notice) }
                } catch {
                    self.broadcast(Change(origin: .stopped(error)))
                    return
                }
            }
        }
        listeners.withLock { $0.writerWatch = task }
    }

    /// Stops looking for the writer's saves.
    func stopWatchingWriterSaves() {
        listeners.withLock { $0.writerWatch }?.cancel()
    }

    /// A new uncoalesced stream of changes, told first when the server is unreachable (F140), with `ended` called
    /// once it ends; one that ends at once when the copy is closed.
    func changes(ended: @escaping @Sendable () -> Void = {}) -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream.makeStream(of: Change.self)
        let id = listeners.withLock { state -> UInt64? in
            guard !state.closed else { return nil }
            state.next += 1
            state.changes[state.next] = continuation
            return state.next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.changes.removeValue(forKey: id) }
            ended()
        }
        if let failure = reachability.failure { continuation.yield(Change(origin: .serverUnreachable(failure))) }
        return stream
    }

    /// Registers an updates channel; it is told of every commit until it is released. A channel registered once
    /// the copy is closed gives one update, naming `.closed`, and ends.
    func register(_ channel: UpdateChannel) -> UInt64 {
        let (id, lastSynced) = listeners.withLock { state -> (UInt64?, Date?) in
            guard !state.closed else { return (nil, state.lastSynced) }
            state.next += 1
            state.updates[state.next] = channel
            return (state.next, state.lastSynced)
        }
        if let lastSynced { channel.record(.lastSynced(lastSynced)) }
        guard let id else {
            channel.record(.connection(.closed))
            channel.close()
            return 0
        }
        return id
    }

    /// Starts from the last sync time the store holds, before any sequence is registered (F113).
    func seed(lastSynced: Date?) {
        listeners.withLock { $0.lastSynced = lastSynced }
    }

    /// Records a completed pull at `time`, to the millisecond: durably in the store, so it survives a reopen, and to
    /// every updates sequence (F113). A store that cannot record it still tells the sequences.
    func synced(at time: Date) async {
        let date = Timestamp.date(from: Timestamp.string(from: time)) ?? time
        try? await engine.recordLastSynced(date)
        listeners.withLock { $0.lastSynced = date }
        broadcast(.lastSynced(date))
    }

    /// Ends every `changes()` stream and `updates()` sequence once what they were told is read (F120): the last
    /// update a sequence gives is the one naming `.closed`.
    func close() {
        let (streams, channels) = listeners.withLock { state in
            state.closed = true
            return (Array(state.changes.values), Array(state.updates.values))
        }
        for continuation in streams { continuation.finish() }
        for channel in channels { channel.close() }
    }

    /// Releases an updates channel; answers how many remain.
    @discardableResult
    func release(_ id: UInt64) -> Int {
        listeners.withLock { state in
            state.updates[id] = nil
            return state.updates.count
        }
    }

    /// Tells every updates channel of a change that is not a commit (connection, fill, last synced).
    func broadcast(_ change: CopyChange) {
        for channel in listeners.withLock({ Array($0.updates.values) }) { channel.record(change) }
    }

    /// Tells every `changes()` stream of an event that names no row (reachability, a stop).
    func broadcast(_ change: Change) {
        for continuation in listeners.withLock({ Array($0.changes.values) }) { continuation.yield(change) }
    }

    private func deliver(_ notice: CommitNotice) {
        let (streams, channels) = listeners.withLock { (Array($0.changes.values), Array($0.updates.values)) }
        for channel in channels {
            if notice.everything {
                channel.record(.everything)
            } else {
                channel.record(.rows(ChangedRows(
                    items: notice.items, edges: notice.edges, removedItems: notice.removedItems,
                    removedEdges: notice.removedEdges)))
            }
            if notice.queue { channel.record(.queue) }
            if notice.catalog { channel.record(.catalog) }
        }
        guard !streams.isEmpty else { return }
        let changes = Self.changes(of: notice)
        for continuation in streams {
            for change in changes { continuation.yield(change) }
        }
    }

    private static func changes(of notice: CommitNotice) -> [Change] {
        let origin: Change.Origin
        switch notice.origin {
        case .local(let kind): origin = .local(kind)
        case .server(let event, let cursor): origin = .server(event: event, cursor: cursor)
        case .refreshed(let what): origin = .refreshed(Change.Refresh(rawValue: what) ?? .hydrated)
        case .saved(let commit): origin = .saved(dataVersion: Int64(clamping: commit))
        case .housekeeping: return []
        }
        if case .refreshed(let refresh) = origin {
            // A purge names the item that left the copy (seed 000 line 126); other refreshes name none.
            let purged = refresh == .purged ? notice.removedItems.first : nil
            return [Change(origin: origin, itemId: purged)]
        }
        var changes = (notice.items + notice.removedItems).map { Change(origin: origin, itemId: $0) }
        changes += (notice.edges + notice.removedEdges).map { Change(origin: origin, edgeId: $0) }
        guard changes.isEmpty else { return changes }
        return namesNoChange(origin, everything: notice.everything) ? [] : [Change(origin: origin)]
    }

    /// Whether a commit of `origin` that names no row changed nothing a change line tells: a log event skipped as
    /// stale or from outside the slice, or a writer's save of a cursor or a sync time (issue 28 point 18, Decision
    /// 0104). A save that may have changed every row still counts.
    private static func namesNoChange(_ origin: Change.Origin, everything: Bool) -> Bool {
        switch origin {
        case .server: return true
        case .saved: return !everything
        default: return false
        }
    }
}
