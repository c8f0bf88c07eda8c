import Foundation
import Marfa

/// The checks after quiescence: the copy's rows, edges and tags equal the instance's; every acknowledged write has
/// exactly one verdict; none landed twice; no accepted write is missing from the instance; nothing is unsent.
struct ConvergenceCheck {
    /// What the checker found; a run converged when `findings` is empty.
    struct Outcome {
        var findings: [String] = []
        var lost = 0
        var duplicated = 0
        var acknowledged = 0
    }

    let link: InstanceLink
    /// The worker's dump: `items`, `edges`, `queue`, `pinned`.
    let dump: JSONObject
    let log: AckLog.Contents

    /// Runs every check.
    func run() async -> Outcome {
        var outcome = Outcome(acknowledged: log.acknowledged.count)
        guard let served = await instanceSlice() else {
            outcome.findings.append("the instance's listing could not be read")
            return outcome
        }
        compare("row", held: Self.byId(dump["items"]), served: served.items, into: &outcome)
        compare("edge", held: Self.byId(dump["edges"]), served: served.edges, into: &outcome)
        checkVerdicts(&outcome)
        await checkLandings(&outcome, servedItems: Set(served.items.keys))
        return outcome
    }

    private var queue: [JSONObject] { (dump["queue"]?.array ?? []).compactMap(\.object) }

    /// The instance's notes in every state and tier, and the pinned rows, with tags, and their outbound edges.
    private func instanceSlice() async -> (items: [String: JSONValue], edges: [String: JSONValue])? {
        let path = "/items?type=\(WorkerSession.sliceType)&state=any&tier=all&include=metadata&limit=200"
        guard var rows = await link.listing(path) else { return nil }
        let listed = Set(rows.compactMap { ($0.object?["item"] ?? $0).object?["id"]?.string })
        for pinned in (dump["pinned"]?.array ?? []).compactMap(\.string) where !listed.contains(pinned) {
            guard let answer = await link.read("/items/\(pinned)") else { return nil }
            if answer.status == 200 { rows.append(answer.body) }
        }
        var items: [String: JSONValue] = [:]
        var edges: [String: JSONValue] = [:]
        for row in rows {
            guard let item = (row.object?["item"] ?? row).object, let id = item["id"]?.string else { continue }
            let tags = row.object?["metadata"]?.object?["tags"] ?? .array([])
            items[id] = [
                "id": .string(id), "type": item["type"] ?? .null, "state": item["state"] ?? .null,
                "tier": item["tier"] ?? .null, "version": item["version"] ?? .null,
                "properties": item["properties"] ?? .object([:]), "tags": tags,
            ]
            guard let drawn = await link.listing("/items/\(id)/edges?limit=200") else { return nil }
            for edge in drawn.compactMap(\.object) {
                guard let edgeId = edge["id"]?.string else { continue }
                edges[edgeId] = [
                    "id": .string(edgeId), "source_id": edge["source_id"] ?? .null,
                    "target_id": edge["target_id"] ?? .null, "edge_type": edge["edge_type"] ?? .null,
                    "version": edge["version"] ?? .null, "properties": edge["properties"] ?? .object([:]),
                ]
            }
        }
        return (items, edges)
    }

    private func compare(
        _ noun: String, held: [String: JSONValue], served: [String: JSONValue], into outcome: inout Outcome
    ) {
        for id in Set(held.keys).union(served.keys).sorted() {
            switch (held[id], served[id]) {
            case (let copy?, let instance?) where copy != instance:
                outcome.findings.append(
                    "\(noun) \(id) differs: copy \(Self.text(copy)) instance \(Self.text(instance))")
            case (nil, let instance?):
                outcome.findings.append("\(noun) \(id) missing from the copy: instance \(Self.text(instance))")
            case (let copy?, nil):
                outcome.findings.append("\(noun) \(id) held by the copy only: \(Self.text(copy))")
            default:
                continue
            }
        }
    }

    /// Every acknowledged write is in the queue with one verdict (or was withdrawn), and no drain reported a
    /// different verdict for it than the one it holds.
    private func checkVerdicts(_ outcome: inout Outcome) {
        let held = Dictionary(queue.compactMap { row in row["id"]?.string.map { ($0, row) } }) { first, _ in first }
        for row in queue where row["unanswered"] == .bool(true) {
            outcome.findings.append("unsent after quiescence: \(Self.text(.object(row)))")
        }
        for (id, acknowledged) in log.acknowledged.sorted(by: { $0.key < $1.key }) {
            let settled = Set((log.reported[id] ?? []).filter { !$0.hasPrefix("blocked:awaiting") })
            if log.withdrawn[id] != nil {
                if settled.contains(where: { !$0.hasPrefix("blocked:") }) {
                    outcome.findings.append("write \(id) was withdrawn after drains reported \(settled.sorted())")
                }
                continue
            }
            guard let row = held[id] else {
                outcome.lost += 1
                outcome.findings.append("acknowledged write \(id) (\(acknowledged.kind)) is gone from the queue")
                continue
            }
            guard let verdict = row["verdict"]?.string else { continue }
            if !settled.subtracting([verdict]).isEmpty {
                outcome.findings.append("write \(id) holds \(verdict) but drains reported \(settled.sorted())")
            }
            if row["key"]?.string != acknowledged.key {
                outcome.findings.append("write \(id) changed its key from \(acknowledged.key)")
            }
        }
    }

    /// Each key landed at most once and only for a write the copy holds; every taken write landed.
    private func checkLandings(_ outcome: inout Outcome, servedItems: Set<String>) async {
        guard let answer = await link.hook("idempotency", ["credential": "operator"]), answer.status == 200 else {
            outcome.findings.append("the instance's idempotency records could not be read")
            return
        }
        var status: [String: Int64] = [:]
        for record in (answer.body.object?["records"]?.array ?? []).compactMap(\.object) {
            guard let key = record["key"]?.string else { continue }
            status[key] = record["status"]?.integer
        }
        var keysByWrite: [String: Set<String>] = [:]
        for row in queue {
            if let id = row["id"]?.string, let key = row["key"]?.string { keysByWrite[id, default: []].insert(key) }
        }
        for (id, acknowledged) in log.acknowledged { keysByWrite[id, default: []].insert(acknowledged.key) }
        for (id, key) in log.withdrawn { keysByWrite[id, default: []].insert(key) }
        let known = Set(keysByWrite.values.joined())
        for (key, code) in status.sorted(by: { $0.key < $1.key })
        where Self.landed(code) && !key.hasPrefix(SecondWriter.keyPrefix) && !known.contains(key) {
            outcome.duplicated += 1
            outcome.findings.append("a write landed under key \(key), which no queued write holds")
        }
        for (id, keys) in keysByWrite.sorted(by: { $0.key < $1.key })
        where keys.filter({ Self.landed(status[$0]) }).count > 1 {
            outcome.duplicated += 1
            outcome.findings.append("write \(id) landed under \(keys.count) keys")
        }
        for row in queue {
            guard let id = row["id"]?.string, let key = row["key"]?.string,
                ["accepted", "merged", "conflicted"].contains(row["verdict"]?.string ?? ""),
                Self.keyedKinds.contains(row["kind"]?.string ?? "")
            else { continue }
            guard Self.landed(status[key]) else {
                outcome.lost += log.acknowledged[id] == nil ? 0 : 1
                outcome.findings.append("write \(id) is \(row["verdict"]?.string ?? "") but its key never landed")
                continue
            }
            if row["kind"]?.string == "create_item", let item = row["item_id"]?.string, !servedItems.contains(item) {
                outcome.lost += log.acknowledged[id] == nil ? 0 : 1
                outcome.findings.append("write \(id) created \(item), which the instance does not hold")
            }
        }
    }

    /// The write kinds whose idempotency keys the instance keeps (P-16: item and edge writes); tag, metadata and
    /// extension writes are idempotent by their nature and their keys are ignored, so only the row comparison
    /// speaks for them.
    static let keyedKinds: Set<String> = [
        "create_item", "update_item", "delete_item", "restore_item", "transition_item", "create_edge", "update_edge",
        "delete_edge",
    ]

    private static func landed(_ status: Int64?) -> Bool {
        guard let status else { return false }
        return (200..<300).contains(status)
    }

    private static func byId(_ rows: JSONValue?) -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        for row in rows?.array ?? [] {
            if let id = row.object?["id"]?.string { found[id] = row }
        }
        return found
    }

    private static func text(_ value: JSONValue) -> String {
        String(((try? value.json()) ?? "?").prefix(400))
    }
}
