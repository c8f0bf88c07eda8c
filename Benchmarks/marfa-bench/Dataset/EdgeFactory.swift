import MarfaEngine
import MarfaRules

/// The three edge kinds of benchmarks.md, about 1.5 per item: `references` with preferential attachment,
/// a `parent-of` forest of depth up to 6 (for `beneath`), and `blocks` from task to task.
struct EdgeFactory {
    /// The parent-of edge type.
    static let parentOf = "parent-of"
    /// The references edge type.
    static let references = "references"
    /// The blocks edge type.
    static let blocks = "blocks"
    /// Share of items that get a parent.
    static let parentShare = 0.5
    /// References per item.
    static let referencesPerItem = 0.8
    /// Blocks edges per item (only between tasks).
    static let blocksPerItem = 0.2
    /// The deepest level of the forest (roots are level 0, so 6 levels in all).
    static let maximumDepth = 5

    /// What edge generation needs to know of each item, in generation order.
    struct Node {
        /// The item's id.
        var id: String
        /// When it was created (milliseconds).
        var created: Int64
        /// Whether it is a task.
        var isTask: Bool
    }

    /// Every edge over `nodes`, deterministic for the random stream.
    static func makeEdges(_ nodes: [Node], _ random: inout SplitMixRandom) -> [Edge] {
        guard nodes.count > 1 else { return [] }
        var edges: [Edge] = []
        edges.reserveCapacity(nodes.count * 3 / 2 + 16)
        var depth = [UInt8](repeating: 0, count: nodes.count)
        for child in 1..<nodes.count where random.chance(parentShare) {
            let parent = random.below(child)
            guard Int(depth[parent]) < maximumDepth else { continue }
            depth[child] = depth[parent] + 1
            edges.append(edge(parentOf, from: nodes[parent], to: nodes[child], &random))
        }
        var targets: [Int] = []
        for _ in 0..<Int(Double(nodes.count) * referencesPerItem) {
            let source = random.below(nodes.count)
            let target =
                !targets.isEmpty && random.chance(0.6)
                ? targets[random.below(targets.count)] : random.below(nodes.count)
            guard source != target else { continue }
            targets.append(target)
            edges.append(edge(references, from: nodes[source], to: nodes[target], &random))
        }
        let tasks = nodes.indices.filter { nodes[$0].isTask }
        if tasks.count > 1 {
            for _ in 0..<Int(Double(nodes.count) * blocksPerItem) {
                let source = tasks[random.below(tasks.count)]
                let target = tasks[random.below(tasks.count)]
                guard source != target else { continue }
                edges.append(edge(blocks, from: nodes[source], to: nodes[target], &random))
            }
        }
        return edges
    }

    /// One edge created a little after both ends exist.
    static func edge(_ type: String, from source: Node, to target: Node, _ random: inout SplitMixRandom) -> Edge {
        let created = max(source.created, target.created) + Int64(random.below(Int(BenchTime.day)))
        let stamp = BenchTime.timestamp(milliseconds: created)
        return Edge(
            id: BenchID.uuidV7(milliseconds: created, random: &random), sourceId: source.id, targetId: target.id,
            edgeType: type, version: 1, createdAt: stamp, updatedAt: stamp)
    }
}
