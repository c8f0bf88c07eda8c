import MarfaEngine
import MarfaRules

/// A seeded storm of mixed writes for the crash drill: creates with tags and edges, edits, tags, metadata,
/// extensions, bin moves and state changes, each planned by the real planners against the live state.
package struct WriteStorm {
    private var random: SplitMixRandom
    private let context: WriteContext

    /// Makes a storm from a seed and the context writes are planned with.
    package init(seed: UInt64, context: WriteContext) {
        random = SplitMixRandom(seed: seed)
        self.context = context
    }

    /// The next write planned against `state`, or nil when the pick does not apply to it (the caller picks again).
    package mutating func next(on state: CopyState) -> PlannedWrite? {
        let live = state.items.values.filter { $0.state != .trashed }.map(\.id).sorted()
        let binned = state.items.values.filter { $0.state == .trashed }.map(\.id).sorted()
        let items = ItemWritePlanner(state: state, context: context)
        let metadata = MetadataWritePlanner(state: state, context: context)
        let pick = random.below(10)
        do {
            switch pick {
            case 0, 1, 2:
                var edges: [String: [String]] = [:]
                if let target = element(of: live), random.below(2) == 0 { edges["references"] = [target] }
                return try items.create(
                    Draft(type: random.below(3) == 0 ? "core.task" : "core.note",
                          properties: ["title": .string("note \(random.below(1_000_000))"),
                                       "rank": .integer(Int64(random.below(1000)))],
                          tags: random.below(2) == 0 ? ["drill", "t\(random.below(5))"] : [], edges: edges))
            case 3, 4:
                guard let id = element(of: live), let item = state.items[id] else { return nil }
                return try items.update(
                    id, Edit(properties: ["title": .string("edited \(random.below(1_000_000))")],
                             baseVersion: item.version), asRead: false)
            case 5:
                guard let id = element(of: live) else { return nil }
                return try metadata.addTag("tag\(random.below(20))", to: id)
            case 6:
                guard let id = element(of: live), let tag = state.items[id]?.tags.first else { return nil }
                return try metadata.removeTag(tag, from: id)
            case 7:
                guard let id = element(of: live) else { return nil }
                return try metadata.writeExtension("drill", ["n": .integer(Int64(random.below(100)))], on: id)
            case 8:
                guard let id = element(of: live) else { return nil }
                return try items.delete(id)
            default:
                guard let id = element(of: binned) else { return nil }
                return try items.restore(id)
            }
        } catch {
            return nil
        }
    }

    private mutating func element(of ids: [String]) -> String? {
        ids.isEmpty ? nil : ids[random.below(ids.count)]
    }
}
