import MarfaRules

extension QueueRebase {
    /// The unsent item edits behind `failed`, an edit that came back conflicted, refused, blocked or dead, that go
    /// back to its base (V-17, `backOnBase(of:_:)`); the others go as they are.
    /// - Complexity: O(writes queued on that row).
    package static func movedBack(behind failed: QueuedWrite, in state: CopyState) -> [QueuedWrite] {
        guard failed.kind == .updateItem, let itemId = failed.itemId else { return [] }
        let behind = state.queuedWrites(onItem: itemId).filter { $0.edgeId == nil }
        guard let position = behind.firstIndex(where: { $0.id == failed.id }) else { return [] }
        return behind[(position + 1)...].compactMap { write in
            guard write.isUnanswered, write.sentAt == nil else { return nil }
            return backOnBase(of: failed, write)
        }
    }

    /// `write` on `earlier`'s base, when it cannot go on `earlier`'s answer (V-17's exception, and V-18's "otherwise
    /// it goes as in V-17"): an item edit based on a later version than `earlier` (a catch-up moved the copy between
    /// the two) that sends a property `earlier` also sends took that value from `earlier`, not from the instance, so
    /// on its own base the instance would take it as newer than a value this device never read. On `earlier`'s base
    /// the instance merges or conflicts it instead, and the properties it carries unchanged are dropped, as they
    /// were read from `earlier` (Decision 0114). Nil, so it goes as it is, for an edit sharing no property with
    /// `earlier` or based no later, and for any other kind of write.
    package static func backOnBase(of earlier: QueuedWrite, _ write: QueuedWrite) -> QueuedWrite? {
        guard earlier.kind == .updateItem, write.kind == .updateItem, let base = earlier.baseVersion,
            let later = write.baseVersion, later > base
        else { return nil }
        let shared = (earlier.body["properties"]?.object ?? [:]).keys
        let sent = write.body["properties"]?.object ?? [:]
        guard shared.contains(where: { sent[$0] != nil }) else { return nil }
        return EditReading.moved(write, to: base)
    }

    /// `writes` with each write of `rebased` in place of the one of its id, so the copy shows the writes behind a
    /// failed edit as they will go (V-17: a property dropped as unchanged no longer shows the failed edit's value).
    package static func replacing(_ writes: [QueuedWrite], with rebased: [QueuedWrite]) -> [QueuedWrite] {
        guard !rebased.isEmpty else { return writes }
        let byId = Dictionary(rebased.map { ($0.id, $0) }) { _, last in last }
        return writes.map { byId[$0.id] ?? $0 }
    }
}
