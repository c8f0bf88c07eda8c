import Foundation
import Marfa

extension WorkerSession {
    /// Brings the copy to quiescence once faults are off: catch up to the head (hydrating again after a trimmed
    /// log), drain, withdraw writes blocked on a conflict (the app's choice, Q-35), until a pass finds nothing to
    /// send and nothing new to apply. Bounded by rounds and by time.
    func settle() async -> String {
        await stopFollowing()
        let deadline = ContinuousClock.now + .seconds(90)
        var last = "no round ran"
        for round in 1...40 where ContinuousClock.now < deadline {
            do {
                let caughtUp = try await catchUp()
                let report = try await copy.queue.drain()
                for verdict in report.verdicts {
                    guard let name = verdict.verdict.map(Self.name(of:)) else { continue }
                    try log.append(["verdict", verdict.id, name])
                }
                let withdrawn = try await withdrawBlocked()
                let unanswered = try await copy.queue.all().filter(Self.isUnanswered)
                last = "round \(round): \(caughtUp); answered \(report.answered); unanswered \(unanswered.count); "
                    + "unavailable \(report.unavailable ?? "-")"
                if unanswered.isEmpty, report.answered == 0, report.unavailable == nil, withdrawn == 0,
                    caughtUp.hasSuffix("head true")
                {
                    return "settled"
                }
            } catch {
                last = "round \(round): \(error)"
            }
        }
        return "unsettled \(last)"
    }

    /// Whether a write still waits to be sent: no verdict, or a block that clears by itself.
    static func isUnanswered(_ write: QueuedWrite) -> Bool {
        switch write.verdict {
        case nil, .blocked(.awaitingDependency, _)?, .blocked(.credentialRefused, _)?: true
        default: false
        }
    }

    /// Withdraws every write blocked `conflict_unresolved` or `ancestor_unavailable`, logging each; answers how many.
    private func withdrawBlocked() async throws -> Int {
        var count = 0
        for write in try await copy.queue.all() {
            switch write.verdict {
            case .blocked(.conflictUnresolved, _)?, .blocked(.ancestorUnavailable, _)?:
                if try await copy.queue.withdraw(write.id) {
                    try log.append(["withdrawn", write.id, write.idempotencyKey])
                    count += 1
                }
            default: continue
            }
        }
        return count
    }

    /// Writes what the copy holds to `url` as JSON: the queue, the held notes and pinned rows, their edges.
    func dump(to url: URL) async throws -> String {
        let status = try await copy.status()
        var rows = try await heldNotes()
        let notes = Set(rows.map(\.id))
        rows += try await copy.items.get(status.pinned.filter { !notes.contains($0) }, includingBin: true)
        var edges: [JSONValue] = []
        for row in rows {
            for edge in try await copy.edges.from(row.id) {
                edges.append([
                    "id": .string(edge.id), "source_id": .string(edge.sourceId), "target_id": .string(edge.targetId),
                    "edge_type": .string(edge.edgeType), "version": .integer(edge.version),
                    "properties": .object(edge.properties),
                ])
            }
        }
        let queue: [JSONValue] = try await copy.queue.all().map { write in
            [
                "id": .string(write.id), "kind": .string(write.kind.rawValue), "key": .string(write.idempotencyKey),
                "item_id": write.itemId.map(JSONValue.string) ?? .null,
                "verdict": write.verdict.map { .string(Self.name(of: $0)) } ?? .null,
                "unanswered": .bool(Self.isUnanswered(write)),
            ]
        }
        let dumped: JSONValue = [
            "items": .array(rows.map(Self.itemJSON)), "edges": .array(edges), "queue": .array(queue),
            "pinned": .array(status.pinned.map(JSONValue.string)),
        ]
        try Data(try dumped.json().utf8).write(to: url)
        return "dumped"
    }

    /// The fields the checker compares, as the instance names them.
    static func itemJSON(_ item: Item) -> JSONValue {
        [
            "id": .string(item.id), "type": .string(item.type), "state": .string(item.state.rawValue),
            "tier": item.tier.map { .string($0.rawValue) } ?? .null, "version": .integer(item.version),
            "properties": .object(item.properties), "tags": .array(item.tags.map(JSONValue.string)),
        ]
    }
}
