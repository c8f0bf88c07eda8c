import MarfaRules

/// Moves the unsent edits behind an answered write onto its answer (V-13, V-15, V-16), so they are not sent on a
/// base the copy's own write already moved past. Only writes never sent move (`sentAt` nil): a write that went out
/// under its key keeps its body and base (V-19), even when a block ahead of it let it go first.
package enum QueueRebase {
    /// The rewritten writes behind `answered`, now answered at `version` on its row or edge.
    ///
    /// - Behind a create: edits based on 0 (the placeholder an unanswered create holds) go on the answer's
    ///   version, or on 1 when the answer was an acknowledged repeat (V-13, V-14 b).
    /// - Behind an accepted edit answered exactly one version past its base: edits sharing that base go on the
    ///   answer, whose row is then what the copy showed when they were made (V-15, V-16). An answer merged past
    ///   the base (V-18) moves nothing: the edit goes on its own base and the instance merges it.
    /// - Complexity: O(writes queued on that row or edge).
    package static func moved(
        behind answered: QueuedWrite, verdict: Verdict, version: Int64, acknowledged: Bool, in state: CopyState
    ) -> [QueuedWrite] {
        if let edgeId = answered.edgeId {
            return moved(
                behind: answered, among: state.queuedWrites(onEdge: edgeId), verdict: verdict, version: version,
                acknowledged: acknowledged)
        }
        guard let itemId = answered.itemId else { return [] }
        return moved(
            behind: answered, among: state.queuedWrites(onItem: itemId), verdict: verdict, version: version,
            acknowledged: acknowledged)
    }

    /// `moved(behind:verdict:version:acknowledged:in:)` over `writes`, the writes queued on the answered write's
    /// row or edge in queue order (the answered one among them), for writes not yet moved onto that row.
    package static func moved(
        behind answered: QueuedWrite, among writes: [QueuedWrite], verdict: Verdict, version: Int64,
        acknowledged: Bool
    ) -> [QueuedWrite] {
        let kinds: Set<WriteKind> = answered.edgeId == nil ? [.updateItem, .deleteItem] : [.updateEdge]
        let behind = writes.filter { ($0.edgeId == nil) == (answered.edgeId == nil) }
        guard let position = behind.firstIndex(where: { $0.id == answered.id }) else { return [] }
        let target: Int64?
        let from: Int64?
        switch (answered.kind, verdict) {
        case (.createItem, .accepted), (.createItem, .merged), (.createItem, .conflicted), (.createEdge, .accepted):
            from = 0
            target = acknowledged ? 1 : version
        case (.updateItem, .accepted), (.updateEdge, .accepted):
            from = answered.baseVersion
            target = answered.baseVersion.flatMap { $0 + 1 == version ? version : nil }
        default:
            from = nil
            target = nil
        }
        guard let from, let target, target != from else { return [] }
        return behind[(position + 1)...].compactMap { write in
            guard write.isUnanswered, write.sentAt == nil, kinds.contains(write.kind), write.baseVersion == from
            else { return nil }
            var moved = write
            moved.baseVersion = target
            if moved.body["version"] != nil { moved.body["version"] = .integer(target) }
            return moved
        }
    }

    /// The unsent item edits behind `failed`, an edit that came back conflicted, refused, blocked or dead, that go
    /// back to its base (V-17): one based on a later version (a catch-up moved the copy between the two) that
    /// changes a property `failed` also changes took that value from `failed`, not from the instance, so on its own
    /// base the instance would take it as newer than a value this device never read; on `failed`'s base the
    /// instance merges or conflicts it instead. An edit sharing no property, or on the same base, goes as it is.
    /// - Complexity: O(writes queued on that row).
    package static func movedBack(behind failed: QueuedWrite, in state: CopyState) -> [QueuedWrite] {
        guard failed.kind == .updateItem, let base = failed.baseVersion, let itemId = failed.itemId else { return [] }
        let changed = Set((failed.body["properties"]?.object ?? [:]).keys)
        let behind = state.queuedWrites(onItem: itemId).filter { $0.edgeId == nil }
        guard let position = behind.firstIndex(where: { $0.id == failed.id }) else { return [] }
        return behind[(position + 1)...].compactMap { write in
            guard write.isUnanswered, write.sentAt == nil, write.kind == .updateItem,
                let later = write.baseVersion, later > base,
                !changed.isDisjoint(with: (write.body["properties"]?.object ?? [:]).keys)
            else { return nil }
            var moved = write
            moved.baseVersion = base
            if moved.body["version"] != nil { moved.body["version"] = .integer(base) }
            return moved
        }
    }
}

