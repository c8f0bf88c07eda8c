import MarfaRules
import MarfaLocks

/// The instance's state behind one lock, its persistence, its streams and its fixed parts (catalog, operator key).
///
/// Reads run under the lock and copy out only what they answer, so a page costs O(page). A write judges the state,
/// then, still under the lock, gives its events ids, enqueues one journal record and applies its changes; it waits
/// for the record to be durable outside the lock (group commit), and only then publishes its events to streams and
/// answers. Memory order, journal order and event ids therefore agree.
package final class InstanceCore: Sendable {
    private struct Guarded: Sendable {
        var data: InstanceState
        var publishedHead: Int64
        var inFlight: Set<IdempotencyRecord.Key> = []
    }

    private enum Staged {
        case done(Reply)
        case pending(sequence: UInt64, lastEvent: Int64?, reply: Reply, claim: IdempotencyRecord.Key?)
    }

    private let guarded: LockedValue<Guarded>
    /// The narrowed keys by secret, mirrored from the state in the same turn a write applies `putKey`, so the HTTP
    /// server's event loop checks a key without waiting for the state lock (which long reads hold).
    private let keyTable: LockedValue<[String: AccessKey]>
    private let snapshotTask = LockedValue<Task<Void, Never>?>(nil)
    /// The journal, snapshots and data folder.
    package let persistence: InstancePersistence
    /// The open event streams.
    package let hub: StreamHub
    /// The shipped catalog with the registered types (P-86, P-89, P-21), mirrored from the state in the same turn a
    /// write applies `putType`, so a request reads it without waiting for the state lock.
    private let catalogTable: LockedValue<CatalogSnapshot>
    /// The operator's full key.
    package let operatorKey: AccessKey
    /// The fault the hooks armed.
    package let faults = FaultPlan()
    /// Journal bytes past which a snapshot is written.
    package let snapshotThreshold: UInt64

    /// Makes a core over recovered `state`; every recovered event counts as published.
    package init(
        state: InstanceState, persistence: InstancePersistence, operatorKey: AccessKey, streamCapacity: Int,
        snapshotThreshold: UInt64
    ) {
        guarded = LockedValue(Guarded(data: state, publishedHead: state.log.head))
        keyTable = LockedValue(state.keys)
        self.persistence = persistence
        self.hub = StreamHub(capacity: streamCapacity)
        catalogTable = LockedValue(Self.catalog(registering: state.registeredTypes))
        self.operatorKey = operatorKey
        self.snapshotThreshold = snapshotThreshold
    }

    /// The shipped catalog with the registered types (P-86, P-89, P-21).
    package var catalog: CatalogSnapshot {
        catalogTable.withLock { $0 }
    }

    /// The shipped catalog with `registered` added, each resolved through its parents.
    package static func catalog(registering registered: [ItemType]) -> CatalogSnapshot {
        let shipped = BuiltInCatalog.snapshot
        guard !registered.isEmpty else { return shipped }
        return CatalogSnapshot(itemTypes: shipped.itemTypes + registered, edgeTypes: shipped.edgeTypes)
    }

    /// Answers `body` from the state under the lock.
    package func read<Result: Sendable>(_ body: (InstanceState) throws(Refusal) -> Result) throws(Refusal) -> Result {
        try guarded.withLock { (guarded) throws(Refusal) -> Result in try body(guarded.data) }
    }

    /// The id of the newest event streams may deliver: durable and published.
    package var publishedHead: Int64 {
        guarded.withLock { $0.publishedHead }
    }

    /// Up to `limit` published events after `position`, with the published head and the oldest retained id.
    package func events(after position: Int64, limit: Int) -> (events: [LogEvent], head: Int64, minRetained: Int64) {
        guarded.withLock { guarded in
            let log = guarded.data.log
            let batch = log.events(after: position, through: guarded.publishedHead, limit: limit)
            return (Array(batch), guarded.publishedHead, log.minRetainedId)
        }
    }

    /// The key a bearer secret names: the operator's or a narrowed one, else nil. Never waits for the state lock.
    package func key(forSecret secret: String) -> AccessKey? {
        if secret == operatorKey.secret { return operatorKey }
        return keyTable.withLock { $0[secret] }
    }

    /// Runs one write (P-16, P-34): replays or refuses a repeated idempotency key, else plans against the state,
    /// logs the plan's events, journals and applies everything, waits for durability and publishes.
    package func write(claim: IdempotencyClaim?, _ plan: (InstanceState) throws(Refusal) -> WritePlan) async -> Reply {
        let staged = guarded.withLock { guarded -> Staged in
            if let claim, let record = guarded.data.idempotency[claim.key] {
                return .done(Self.repeated(record, claim: claim, inFlight: guarded.inFlight.contains(claim.key)))
            }
            let planned: WritePlan
            do throws(Refusal) {
                planned = try plan(guarded.data)
            } catch {
                planned = WritePlan(reply: error.reply)
            }
            var changes = planned.changes
            var lastEvent: Int64?
            for event in planned.events {
                let id = (lastEvent ?? guarded.data.log.head) + 1
                changes.append(.appendEvent(event.logged(id: id)))
                lastEvent = id
            }
            var claimed: IdempotencyRecord.Key?
            if let claim, IdempotencyClaim.keeps(planned.reply.status) {
                let body = (try? planned.reply.body.json()) ?? "{}"
                changes.append(
                    .putIdempotency(
                        IdempotencyRecord(
                            key: claim.key, fingerprint: claim.fingerprint, status: planned.reply.status, body: body,
                            errorCode: planned.reply.errorCode)))
                claimed = claim.key
            }
            guard !changes.isEmpty else { return .done(planned.reply) }
            let sequence: UInt64
            do {
                sequence = try persistence.enqueue(changes)
            } catch {
                return .done(Refusal.internalError.reply)
            }
            for change in changes {
                guarded.data.apply(change)
                if case .putKey(let key) = change { keyTable.withLock { $0[key.secret] = key } }
                if case .putType = change {
                    let catalog = Self.catalog(registering: guarded.data.registeredTypes)
                    catalogTable.withLock { $0 = catalog }
                }
            }
            if let claimed { guarded.inFlight.insert(claimed) }
            return .pending(sequence: sequence, lastEvent: lastEvent, reply: planned.reply, claim: claimed)
        }
        guard case .pending(let sequence, let lastEvent, let reply, let claim) = staged else {
            if case .done(let reply) = staged { return reply }
            return Refusal.internalError.reply
        }
        let durable: Bool
        do {
            try await persistence.waitDurable(sequence)
            durable = true
        } catch {
            durable = false
        }
        guarded.withLock { guarded in
            if let claim { guarded.inFlight.remove(claim) }
            let published = max(guarded.publishedHead, lastEvent ?? guarded.publishedHead)
            guarded.publishedHead = min(published, guarded.data.log.head)
        }
        hub.wakeAll()
        if persistence.wantsSnapshot(threshold: snapshotThreshold) { startSnapshot() }
        return durable ? reply : Refusal.internalError.reply
    }

    /// The answer to a repeated idempotency key: `422` for another request, `409` while the first is in flight,
    /// else the first answer with `Idempotency-Replayed: true`.
    private static func repeated(_ record: IdempotencyRecord, claim: IdempotencyClaim, inFlight: Bool) -> Reply {
        guard record.fingerprint == claim.fingerprint else {
            return Refusal(
                422, "idempotency_key_reused", "This Idempotency-Key was used for a different request."
            ).reply
        }
        guard !inFlight else {
            return Refusal(409, "idempotency_key_in_flight", "The first request with this key is still running.")
                .reply
        }
        let body = (try? JSONValue(json: record.body)) ?? .object([:])
        return Reply(
            status: record.status, body: body, errorCode: record.errorCode, headers: [("Idempotency-Replayed", "true")])
    }

    /// Starts writing a snapshot in the background unless one is being written.
    private func startSnapshot() {
        snapshotTask.withLock { task in
            guard task == nil else { return }
            task = Task { [self] in
                await snapshotNow()
                snapshotTask.withLock { $0 = nil }
            }
        }
    }

    /// Rotates the journal and captures the state in one step under the lock, then writes the image and deletes
    /// what it replaces (Decision 0002's protocol).
    package func snapshotNow() async {
        let begun = guarded.withLock { guarded -> (UInt64, InstanceState)? in
            guard let segment = try? persistence.beginSnapshot() else { return nil }
            return (segment, guarded.data)
        }
        guard let (segment, image) = begun else { return }
        try? await persistence.finishSnapshot(image, segment: segment)
    }

    /// Waits until no background snapshot is being written (one started meanwhile is waited for too).
    package func settle() async {
        while let running = snapshotTask.withLock({ $0 }) { await running.value }
    }

    /// Waits for a background snapshot, writes a last one and closes the journal and the data folder.
    package func close() async {
        let running = snapshotTask.withLock { $0 }
        await running?.value
        await snapshotNow()
        await persistence.close()
    }
}
