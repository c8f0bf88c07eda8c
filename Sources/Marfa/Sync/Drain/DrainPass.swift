import Foundation
import MarfaEngine

/// One pass over the queue (Q-1, Q-15 to Q-25): each unanswered write in queue order is sent once under its key,
/// or held, or settled unsent; the pass ends at the first failure of the environment and never waits or retries
/// (Q-21), and a refused credential stops it. Each answer is recorded durably before the next write is sent.
struct DrainPass {
    let client: InstanceClient
    let engine: CopyActor
    /// Told each write's line as soon as its answer is recorded.
    let told: @Sendable (DrainVerdict) -> Void

    private var report = DrainReport()
    /// Writes sent this pass without an answer, or held: the writes behind them on the same row wait (Q-9).
    private var waiting = Set<String>()
    /// The rows and edges a write of `waiting` names: every later write on one of them waits too, whatever its
    /// `follows` names (a write queued while the one ahead was blocked names none).
    private var waitingTargets = Set<String>()
    /// Each queued write's kind and verdict as the pass goes.
    private var verdicts: [String: (kind: WriteKind, verdict: Verdict?)] = [:]
    /// Whether the instance was confirmed as the one the copy was filled from.
    private var confirmed = false

    init(client: InstanceClient, engine: CopyActor, told: @escaping @Sendable (DrainVerdict) -> Void = { _ in }) {
        self.client = client
        self.engine = engine
        self.told = told
    }

    /// Runs the pass and answers its report; an answer on another contract ends it with `contract_mismatch`
    /// (verdicts already recorded stand, Q-17), as does an instance other than the copy's (`instance_changed`).
    mutating func run() async throws(MarfaError) -> DrainReport {
        try await engine.clearSelfClearingBlocks()
        try await readOwedBacks()
        let queue = await engine.queuedWrites()
        for write in queue { verdicts[write.id] = (write.kind, write.verdict) }
        for queued in queue where queued.isUnanswered {
            if Task.isCancelled {
                throw MarfaError.canceled(message: "the drain was cancelled; what it answered stands")
            }
            let write = try await engine.queuedWrite(queued.id)
            guard write.isUnanswered else { continue }
            var readiness = DrainReadiness.of(write, verdicts: verdicts, waiting: waiting)
            if let target = Self.target(of: write), waitingTargets.contains(target) { readiness = .held }
            if readiness == .held {
                try await engine.holdAwaitingDependency(write.id)
                verdicts[write.id] = (write.kind, .blocked(reason: .awaitingDependency))
                wait(on: write)
                report.held += 1
                continue
            }
            let reachable = report.unavailable == nil
            if reachable { try await confirmInstance() }
            if report.unavailable != nil {
                wait(on: write)
                report.undelivered += 1
                if reachable { recordUndelivered(write) }
                continue
            }
            if case .refused(let reason) = readiness {
                let refused = try await engine.refuseUnsent(write.id, reason: reason)
                record(SettledWrite(write: refused, replayed: false))
                report.unsent += 1
                continue
            }
            if try await send(write) == .stop { break }
        }
        return report
    }

    private enum Next { case goOn, stop }

    /// Reads every owed read-back, rows then edges, before anything is sent (Q-42): an instance that cannot be read
    /// cannot take writes either, so a read the environment fails makes the pass send nothing.
    private mutating func readOwedBacks() async throws(MarfaError) {
        let owed = await engine.owedReadBacks()
        guard !owed.items.isEmpty || !owed.edges.isEmpty else { return }
        try await confirmInstance()
        guard report.unavailable == nil else { return }
        let reader = ServerRowReader(client: client)
        let engine = engine
        for itemId in owed.items {
            guard try await owedRead({ () async throws(MarfaError) in
                try await engine.settleReadBack(itemId, row: try await reader.item(itemId))
            }) else { return }
        }
        for edgeId in owed.edges {
            guard try await owedRead({ () async throws(MarfaError) in
                try await engine.settleEdgeReadBack(edgeId, edge: try await reader.edge(edgeId))
            }) else { return }
        }
    }

    /// Makes one owed read; answers false, with the pass unavailable, when it could not be made (a contract
    /// mismatch ends the drain).
    private mutating func owedRead(_ read: () async throws(MarfaError) -> Void) async throws(MarfaError) -> Bool {
        do {
            try await read()
            return true
        } catch {
            if case .contractMismatch = error { throw error }
            waited(error.retryAfterSeconds)
            report.unavailable = "an owed read-back could not be made, so nothing was sent: \(error.message)"
            return false
        }
    }

    /// Sends one write and records its answer.
    private mutating func send(_ write: QueuedWrite) async throws(MarfaError) -> Next {
        let route: WriteRoute
        do {
            route = try WriteRoute.of(write)
        } catch {
            record(try await engine.settle(write.id, .counted, answer: nil))
            report.unmade += 1
            return .goOn
        }
        try await engine.markSent(write.id)
        let answer: InstanceAnswer
        do {
            answer = try await client.send(
                route.method, route.path, query: route.query, body: route.body,
                idempotencyKey: write.idempotencyKey, isWrite: true)
        } catch {
            switch error {
            // A redirect or a stop ends the pass as a mismatch does: the write stays queued, nothing after it goes.
            case .contractMismatch, .redirected, .canceled: throw error
            case .network(let message): endPass(write, reason: message)
            default:
                record(try await engine.settle(write.id, .counted, answer: nil))
                report.unmade += 1
            }
            return .goOn
        }
        waited(answer.header("retry-after").flatMap { UInt64($0) })
        let text = String(decoding: answer.body, as: UTF8.self)
        if answer.isSuccess {
            let keyed = Self.isKeyedCreate(write)
            let settlement = (try? Self.settlement(of: answer, route: route, keyed: keyed)) ?? .counted
            record(try await engine.settle(write.id, settlement, answer: text))
            report.answered += 1
            return .goOn
        }
        let refusal = RefusalReading.refusal(of: answer)
        if let source = UnclaimedSource.named(by: answer, to: write) {
            return try await blockUnclaimed(write, source: source, refusal: refusal, text: text)
        }
        let answerClass = AnswerClass.of(
            status: answer.status, code: refusal.code, namesContract: answer.headers[ContractCheck.headerName] != nil,
            namesGrant: refusal.grant != nil)
        if case .blocked(let reason) = answerClass,
            let landed = Self.landedRow(of: write, answer: answer, reason: reason)
        {
            return try await land(write, on: landed, reason: reason, refusal: refusal, text: text)
        }
        switch answerClass {
        case .environmental(let reason):
            endPass(write, reason: reason)
            return .goOn
        case .credentialRefused:
            return try await stopForCredential(write, refusal: refusal, text: text)
        case .blocked(let reason):
            record(try await engine.settle(write.id, .blocked(reason, refusal), answer: text))
        case .counted, .success:
            record(try await engine.settle(write.id, .counted, answer: text))
        case .refused:
            let settlement: DrainSettlement
            switch await readBack(write) {
            case .row(let row): settlement = .refused(refusal, serverRow: row, readBack: true)
            case .edge(let edge): settlement = .refused(refusal, serverEdge: edge, readBack: true)
            case .nothingToRead: settlement = .refused(refusal, readBack: true)
            case .unread(let why, let retryAfter):
                settlement = .refused(refusal, readBack: false)
                report.unavailable = why
                waited(retryAfter)
            }
            record(try await engine.settle(write.id, settlement, answer: text))
        }
        report.answered += 1
        return .goOn
    }

    /// Blocks `write` and every unanswered write `credential_refused` after a refused key, and stops (Q-26).
    private mutating func stopForCredential(
        _ write: QueuedWrite, refusal: Refusal, text: String?
    ) async throws(MarfaError) -> Next {
        record(try await engine.settle(write.id, .blocked(.credentialRefused, refusal), answer: text))
        report.answered += 1
        let parked = try await engine.blockUnanswered(refusal: refusal)
        report.stopped =
            "the server refused the credential (401 \(refusal.code ?? "")), so every queued write is blocked "
            + "credential_refused and the drain stopped; \(parked + 1) write(s) parked"
        return .stop
    }

    /// Blocks `write`, and every unanswered create naming `source`, `credential_refused` after the instance refused
    /// `write` for a source its key does not claim (Q-30): the others are settled unsent, the report names the source,
    /// and the pass goes on.
    private mutating func blockUnclaimed(
        _ write: QueuedWrite, source: String, refusal: Refusal, text: String
    ) async throws(MarfaError) -> Next {
        record(try await engine.settle(write.id, .blocked(.credentialRefused, refusal), answer: text))
        report.answered += 1
        for parked in try await engine.blockUnansweredCreates(naming: source, refusal: refusal) {
            record(SettledWrite(write: parked, replayed: false))
            report.unsent += 1
        }
        if !report.unclaimedSources.contains(source) { report.unclaimedSources.append(source) }
        return .goOn
    }

    /// Whether `write` is a keyed create: one naming a `source_id`, sent without its minted id (Q-14).
    private static func isKeyedCreate(_ write: QueuedWrite) -> Bool {
        write.kind == .createItem && write.body["source_id"]?.string != nil
    }

    /// The row a keyed create's `409` names as the one its natural key resolves (Q-48): `current.id` of a
    /// `version_conflict` or `ancestor_unavailable`, when it is not the create's own minted id.
    private static func landedRow(of write: QueuedWrite, answer: InstanceAnswer, reason: BlockedReason) -> String? {
        guard isKeyedCreate(write), reason == .conflictUnresolved || reason == .ancestorUnavailable,
            let body = try? JSONValue(jsonBytes: answer.body),
            let landed = body.object?["current"]?.object?["id"]?.string, landed != write.itemId
        else { return nil }
        return landed
    }

    /// A keyed create refused `409` for the row `landed` its key resolves (Q-48): refused, and the copy moves onto
    /// that row. After `ancestor_unavailable`, or when the copy does not hold the row, the row is read again first:
    /// a row gone or out of reach (404, 403) blocks the create as any such 409 does (Q-28, Q-29); a read the
    /// environment fails leaves it unanswered and uncounted and ends the pass; a refused key on it blocks the queue
    /// (Q-26).
    private mutating func land(
        _ write: QueuedWrite, on landed: String, reason: BlockedReason, refusal: Refusal, text: String
    ) async throws(MarfaError) -> Next {
        var row: Item?
        let held = await engine.holdsItem(landed)
        if reason == .ancestorUnavailable || !held {
            do {
                guard let read = try await ServerRowReader(client: client).item(landed) else {
                    return try await blockUnlanded(write, reason: reason, refusal: refusal, text: text)
                }
                row = read
            } catch .forbidden {
                return try await blockUnlanded(write, reason: reason, refusal: refusal, text: text)
            } catch .unauthorized(let code, let message) {
                return try await stopForCredential(
                    write, refusal: Refusal(reason: code, code: code, message: message), text: nil)
            } catch {
                waited(error.retryAfterSeconds)
                endPass(write, reason: "the row a keyed create landed on could not be read: \(error.message)")
                return .goOn
            }
        }
        let (settled, refused) = try await engine.settleLanded(
            write.id, on: landed, row: row, refusal: refusal, answer: text)
        record(settled)
        report.answered += 1
        for unsent in refused {
            record(SettledWrite(write: unsent, replayed: false))
            report.unsent += 1
        }
        return .goOn
    }

    /// Blocks a keyed create whose landed row is gone or out of the key's reach (404 or 403 on the read, Q-48): as
    /// any such 409 does, under its own reason (Q-28, Q-29).
    private mutating func blockUnlanded(
        _ write: QueuedWrite, reason: BlockedReason, refusal: Refusal, text: String
    ) async throws(MarfaError) -> Next {
        record(try await engine.settle(write.id, .blocked(reason, refusal), answer: text))
        report.answered += 1
        return .goOn
    }

    /// The settlement a 2xx carries (Q-38): accepted with no resolution, merged with one, conflicted with one
    /// naming a copy; `acknowledged` or `Idempotency-Replayed` marks a replay. A `keyed` create acknowledged onto a
    /// row in the bin is refused `trashed` (Q-47). A body that does not read throws.
    static func settlement(
        of answer: InstanceAnswer, route: WriteRoute, keyed: Bool = false
    ) throws(MarfaError) -> DrainSettlement {
        let replayed = answer.header("idempotency-replayed")?.lowercased() == "true"
        switch route.answer {
        case .plain:
            let body = try? InstanceClient.document([UInt8](answer.body), path: route.path)
            return .plain(acknowledged: replayed || body?.object?["acknowledged"]?.bool == true)
        case .edge:
            let body = try InstanceClient.document([UInt8](answer.body), path: route.path)
            let acknowledged = body.object?["acknowledged"]?.bool == true
            return .edge(try WireRows.edge(body), acknowledged: acknowledged || replayed)
        case .item:
            let body = try InstanceClient.document([UInt8](answer.body), path: route.path)
            guard let object = body.object, object["item"] != nil else {
                throw MarfaError.decoding(message: "the answer to \(route.path) names no item")
            }
            let (item, tagsNamed) = try WireRows.itemAnswer(body)
            let verdict: Verdict
            if let resolution = object["conflict_resolution"]?.object {
                let fields = (resolution["fields"]?.array ?? []).compactMap(\.string)
                if let sibling = resolution["conflicted_copy_id"]?.string {
                    verdict = .conflicted(siblingId: sibling, fields: fields)
                } else {
                    verdict = .merged(fields: fields)
                }
            } else {
                verdict = .accepted
            }
            let acknowledged = object["acknowledged"]?.bool == true
            if keyed, acknowledged, item.state == .trashed {
                let refusal = Refusal(
                    reason: "trashed", message: "the natural key names item \(item.id), which is in the bin",
                    trashed: true)
                return .refused(refusal, serverRow: nil, readBack: true)
            }
            return .item(item, verdict: verdict, acknowledged: acknowledged || replayed, tagsNamed: tagsNamed)
        }
    }

    /// What the read-back after a refusal found (Q-42).
    private enum ReadBack {
        /// The instance's row (nil: none readable).
        case row(Item?)
        /// The instance's edge (nil: none readable).
        case edge(Edge?)
        /// A create leaves nothing, so nothing is read.
        case nothingToRead
        /// The read could not be made; why, in words, and the wait it was asked for. The pass ends there, as for a
        /// write (Q-22).
        case unread(String, retryAfter: UInt64?)
    }

    /// Reads back the row or edge under a refused write, at once.
    private func readBack(_ write: QueuedWrite) async -> ReadBack {
        if write.kind == .createItem || write.kind == .createEdge { return .nothingToRead }
        let reader = ServerRowReader(client: client)
        do {
            if let edgeId = write.edgeId { return .edge(try await reader.edge(edgeId)) }
            guard let itemId = write.itemId else { return .nothingToRead }
            return .row(try await reader.item(itemId))
        } catch {
            return .unread(
                "the row under a refused write could not be read back: \(error.message)",
                retryAfter: error.retryAfterSeconds)
        }
    }

    /// Before the first write goes out: the instance must be the one the copy was filled from (WC-1). One that
    /// cannot say which it is cannot take writes either, and the pass sends nothing.
    private mutating func confirmInstance() async throws(MarfaError) {
        guard !confirmed else { return }
        guard let expected = await engine.standing().instanceId else {
            confirmed = true
            return
        }
        let served: String
        do {
            served = try await InstanceIdentity(client: client).instanceId()
        } catch {
            if case .contractMismatch = error { throw error }
            waited(error.retryAfterSeconds)
            report.unavailable = "the server could not say which instance it is, so nothing was sent: \(error.message)"
            return
        }
        guard served == expected else {
            throw MarfaError.instanceChanged(
                expected: expected, got: served,
                message: "the server at this origin is instance \(served), not \(expected), which this copy was "
                    + "filled from; nothing was sent")
        }
        confirmed = true
    }

    /// Ends the pass at an environmental failure (Q-22): this write and the unheld writes behind it stay queued,
    /// unsent and uncounted; this one, which was tried, has its line with no verdict.
    private mutating func endPass(_ write: QueuedWrite, reason: String) {
        report.unavailable = reason
        report.undelivered += 1
        wait(on: write)
        recordUndelivered(write)
    }

    /// Notes the line of a write the pass tried and could not deliver (Q-18, Q-22): no verdict, its count unchanged.
    /// It is in the report only: nothing answered it, so `told` hears nothing.
    private mutating func recordUndelivered(_ write: QueuedWrite) {
        report.verdicts.append(
            DrainVerdict(
                id: write.id, kind: write.kind, itemId: write.itemId, edgeId: write.edgeId, verdict: nil,
                refusals: write.refusals, replayed: false))
    }

    /// Notes `write` as waiting this pass, with the row or edge it names.
    private mutating func wait(on write: QueuedWrite) {
        waiting.insert(write.id)
        if let target = Self.target(of: write) { waitingTargets.insert(target) }
    }

    /// The row or edge a write changes: its edge for edge writes, else its item.
    private static func target(of write: QueuedWrite) -> String? {
        write.edgeId ?? write.itemId
    }

    /// Notes a settled write: its verdict for the writes behind it, and its line in the report.
    private mutating func record(_ settled: SettledWrite) {
        let write = settled.write
        verdicts[write.id] = (write.kind, write.verdict)
        if write.verdict == nil { wait(on: write) }
        let line = DrainVerdict(
            id: write.id, kind: write.kind, itemId: write.itemId, edgeId: write.edgeId, verdict: write.verdict,
            refusals: write.refusals, replayed: settled.replayed)
        report.verdicts.append(line)
        told(line)
    }

    /// Keeps the longest `Retry-After` of the pass: a caller waits once for the whole pass.
    private mutating func waited(_ seconds: UInt64?) {
        guard let seconds else { return }
        report.retryAfterSeconds = max(report.retryAfterSeconds ?? 0, seconds)
    }
}
