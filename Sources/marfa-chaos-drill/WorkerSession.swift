import Foundation
import Marfa

/// What the worker does for each command, against the copy through the public SDK only. `pick` chooses among
/// what the copy holds now, so a schedule names its choices without knowing ids.
final class WorkerSession {
    let copy: WorkingCopy
    let log: AckLog
    /// Rows outside the slice the drill pins (the second writer made them).
    let pinTargets: [String]
    private var follow: (task: Task<Void, Never>, switch: FollowSwitch)?

    /// The slice the drill hydrates.
    static let sliceType = "core.note"

    init(copy: WorkingCopy, log: AckLog, pinTargets: [String]) {
        self.copy = copy
        self.log = log
        self.pinTargets = pinTargets
    }

    /// Performs one command and answers its line.
    func perform(_ name: String, argument: String) async -> String {
        let pick = Int(argument) ?? 0
        do {
            switch name {
            case "hydrate": return try await hydrate()
            case "drain": return try await drain()
            case "catchUp": return try await catchUp()
            case "followOn": return startFollowing()
            case "followOff":
                await stopFollowing()
                return "ok"
            case "pin", "unpin": return try await pin(name == "pin", pick: pick)
            case "settle": return await settle()
            case "dump": return try await dump(to: URL(fileURLWithPath: argument))
            default:
                guard let command = CopyCommand(rawValue: name) else { return "unknown \(name)" }
                guard let write = try await write(command, pick: pick) else { return "ok nothing to \(name)" }
                try log.append(["ack", write.id, write.idempotencyKey, write.kind.rawValue, write.itemId ?? "-"])
                return "ok \(write.kind.rawValue) \(write.id)"
            }
        } catch let error as MarfaError {
            return "refused \(error.code())"
        } catch {
            return "failed \(error)"
        }
    }

    /// Fills the copy (again, after a trimmed log); the queue is kept.
    func hydrate() async throws -> String {
        let report = try await copy.hydrate(types: [Self.sliceType], tier: .all)
        return "ok hydrated \(report.items)"
    }

    /// One drain; every verdict it reports goes into the log.
    func drain() async throws -> String {
        let report = try await copy.queue.drain()
        for verdict in report.verdicts {
            guard let name = verdict.verdict.map(Self.name(of:)) else { continue }
            try log.append(["verdict", verdict.id, name])
        }
        return "ok answered \(report.answered) \(report.unavailable == nil ? "" : "unavailable")"
    }

    /// A catch-up, hydrating again when the copy expired or was never filled.
    func catchUp() async throws -> String {
        do {
            let report = try await copy.catchUp()
            return "ok applied \(report.applied) head \(report.reachedHead)"
        } catch let error as MarfaError {
            switch error {
            case .copyExpired, .hydrationIncomplete, .noCursor: return try await hydrate()
            default: throw error
            }
        }
    }

    /// A verdict's name, with the reason for a block (`blocked:conflict_unresolved`).
    static func name(of verdict: Verdict) -> String {
        if case .blocked(let reason, _) = verdict { return "blocked:\(reason.rawValue)" }
        return verdict.name
    }

    private func startFollowing() -> String {
        guard follow == nil else { return "ok already" }
        let updates = copy.updates()
        let following = FollowSwitch()
        let task = Task {
            for await _ in updates where following.isEnded { break }
        }
        follow = (task, following)
        return "ok following"
    }

    /// Ends the follow: the sequence is released at its next update (its iterator takes no cancellation).
    func stopFollowing() async {
        guard let (task, following) = follow else { return }
        follow = nil
        following.end()
        task.cancel()
    }

    private func pin(_ pinning: Bool, pick: Int) async throws -> String {
        guard !pinTargets.isEmpty else { return "ok nothing to pin" }
        let id = pinTargets[pick % pinTargets.count]
        let report = pinning ? try await copy.pin(id) : try await copy.unpin(id)
        return "ok pinned \(report.pinned)"
    }

    /// The notes the copy holds, in every state, oldest created first.
    func heldNotes() async throws -> [Item] {
        var rows: [Item] = []
        while true {
            let page = try await copy.items.list(
                ListFilters(types: [Self.sliceType], allStates: true, limit: 500, offset: UInt32(rows.count)),
                sort: Sort(field: .createdAt, direction: .ascending))
            rows += page
            if page.count < 500 { return rows }
        }
    }
}
