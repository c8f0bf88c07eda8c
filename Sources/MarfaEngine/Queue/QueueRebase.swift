import MarfaRules

/// Moves the unsent edits behind an answered write onto its answer (V-13 to V-18), so they are not sent on a base
/// the copy's own write already moved past, yet never over a value they did not read. Only writes never sent move
/// (`sentAt` nil): a write that went out under its key keeps its body and base (V-19), even when a block ahead of it
/// let it go first.
package enum QueueRebase {
    /// The rewritten writes behind `answered`, now answered at `version` on its row or edge (`row`, the row the
    /// answer carries, for an item answer).
    ///
    /// - Behind a create: edits based on 0 (the placeholder an unanswered create holds) go on the answer's
    ///   version, or on 1 when the answer was an acknowledged repeat (V-13, V-14 b). A create that carried a version
    ///   and was answered more than one past it was merged over another writer: an edit that kept what it read goes
    ///   on the answer only if the answer holds it, else on the create's base (V-14 a).
    /// - Behind an accepted or merged edit: an edit that kept what it read, based below the answer, goes on the
    ///   answer only if the answer holds, for each property it changes, the value it read; the properties it carries
    ///   unchanged are dropped (V-15, V-16, V-18). Otherwise it goes as in V-17 (`backOnBase(of:_:)`): on the
    ///   answered edit's base when it shares a property with it and is based later, else on its own base, where the
    ///   instance merges or conflicts it. An edit that kept no reading moves only behind an edit accepted exactly one
    ///   past the base they share, whose row is then what the copy showed when it was made.
    /// - Complexity: O(writes queued on that row or edge).
    package static func moved(
        behind answered: QueuedWrite, verdict: Verdict, version: Int64, acknowledged: Bool, row: Item? = nil,
        in state: CopyState
    ) -> [QueuedWrite] {
        if let edgeId = answered.edgeId {
            return moved(
                behind: answered, among: state.queuedWrites(onEdge: edgeId), verdict: verdict, version: version,
                acknowledged: acknowledged)
        }
        guard let itemId = answered.itemId else { return [] }
        return moved(
            behind: answered, among: state.queuedWrites(onItem: itemId), verdict: verdict, version: version,
            acknowledged: acknowledged, row: row)
    }

    /// `moved(behind:verdict:version:acknowledged:row:in:)` over `writes`, the writes queued on the answered write's
    /// row or edge in queue order (the answered one among them), for writes not yet moved onto that row.
    package static func moved(
        behind answered: QueuedWrite, among writes: [QueuedWrite], verdict: Verdict, version: Int64,
        acknowledged: Bool, row: Item? = nil
    ) -> [QueuedWrite] {
        let kinds: Set<WriteKind> = answered.edgeId == nil ? [.updateItem, .deleteItem] : [.updateEdge]
        let behind = writes.filter { ($0.edgeId == nil) == (answered.edgeId == nil) }
        guard let position = behind.firstIndex(where: { $0.id == answered.id }) else { return [] }
        let unsent = behind[(position + 1)...].filter {
            $0.isUnanswered && $0.sentAt == nil && kinds.contains($0.kind)
        }
        switch (answered.kind, verdict) {
        case (.createItem, .accepted), (.createItem, .merged), (.createItem, .conflicted), (.createEdge, .accepted):
            let target = acknowledged ? 1 : version
            let mergedOver = answered.baseVersion.map { !acknowledged && version > $0 + 1 } ?? false
            return unsent.compactMap { write in
                guard write.baseVersion == 0, target != 0 else { return nil }
                guard mergedOver, write.read != nil, !EditReading.holdsWhatItRead(write, row),
                    let base = answered.baseVersion
                else { return EditReading.moved(write, to: target) }
                return EditReading.moved(write, to: base == 0 ? target : base)
            }
        case (.updateItem, .accepted), (.updateItem, .merged):
            return unsent.compactMap { write in
                guard let base = write.baseVersion, base < version else { return nil }
                if write.read != nil {
                    return EditReading.holdsWhatItRead(write, row)
                        ? EditReading.moved(write, to: version) : backOnBase(of: answered, write)
                }
                guard verdict == .accepted, base == answered.baseVersion, base + 1 == version else { return nil }
                return EditReading.moved(write, to: version)
            }
        case (.updateEdge, .accepted):
            return unsent.compactMap { write in
                guard let base = answered.baseVersion, base + 1 == version, write.baseVersion == base else {
                    return nil
                }
                return EditReading.moved(write, to: version)
            }
        default:
            return []
        }
    }
}
