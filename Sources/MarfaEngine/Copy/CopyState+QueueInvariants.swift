import MarfaRules

extension CopyState {
    /// Checks that the per-row queue lists hold each queued write exactly once, under its item and its edge, in
    /// queue order, and nothing else (on under `MARFA_INTERNAL_CHECKS`).
    /// - Complexity: O(queue).
    func checkQueueInvariants() throws {
        try Self.check(queueIdsByItem, filing: { $0.itemId }, in: queue, positions: queuePosition, "item")
        try Self.check(queueIdsByEdge, filing: { $0.edgeId }, in: queue, positions: queuePosition, "edge")
    }

    private static func check(
        _ lists: ShardedDictionary<String, [String]>, filing key: (QueuedWrite) -> String?, in queue: [QueuedWrite],
        positions: ShardedDictionary<String, Int>, _ name: String
    ) throws {
        var expected: [String: [String]] = [:]
        for (position, write) in queue.enumerated() {
            try IndexCorruption.check(positions[write.id] == position, "queue: \(write.id) is not at its position")
            if let key = key(write) { expected[key, default: []].append(write.id) }
        }
        try IndexCorruption.check(lists.count == expected.count, "queue: the \(name) lists name other rows")
        for (key, ids) in lists.entries {
            try IndexCorruption.check(expected[key] == ids, "queue: the \(name) list of \(key) is not its writes in order")
        }
    }
}
