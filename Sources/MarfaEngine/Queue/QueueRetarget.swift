import MarfaRules

/// Moves what a keyed create's minted id named onto the row the instance answered with: a keyed create is
/// sent without its minted id, so its answer names the instance's row, and the minted row must not stay beside it.
package enum QueueRetarget {
    /// What moves from minted id `minted` to `landed`: the queued writes naming it (as their item, their target, an
    /// edge end in their body, or a target of the inline `edges` of a write never sent), in queue order, and the
    /// changes that move its held edges, its extensions (when `extensions`) and its pin and drop the minted row.
    /// - Complexity: O(queue + edges at the minted row).
    package static func moving(
        from minted: String, to landed: String, in state: CopyState, extensions: Bool = true
    ) -> (writes: [QueuedWrite], changes: [StoreChange]) {
        var writes: [QueuedWrite] = []
        for write in state.queue {
            var moved = write
            if moved.itemId == minted { moved.itemId = landed }
            if moved.targetId == minted { moved.targetId = landed }
            for end in ["source_id", "target_id"] where moved.body[end]?.string == minted {
                moved.body[end] = .string(landed)
            }
            if write.sentAt == nil, let edges = moved.body["edges"]?.object {
                moved.body["edges"] = .object(edges.mapValues { targets in
                    .array((targets.array ?? []).map { $0.string == minted ? .string(landed) : $0 })
                })
            }
            if moved != write { writes.append(moved) }
        }
        var changes: [StoreChange] = []
        for edge in state.edges.edges(from: minted) + state.edges.edges(to: minted) {
            var moved = edge
            if moved.sourceId == minted { moved.sourceId = landed }
            if moved.targetId == minted { moved.targetId = landed }
            changes.append(.putEdge(moved))
        }
        for (namespace, body) in extensions ? state.extensions[minted] ?? [:] : [:] {
            changes.append(.putExtension(itemId: landed, namespace: namespace, body: body))
        }
        if state.pins.contains(minted) {
            changes += [.removePin(minted), .addPin(landed)]
        }
        changes.append(.removeItem(id: minted))
        return (writes, changes)
    }
}
