import Foundation
import MarfaEngine
import MarfaRules

/// Makes one dataset item at a time: the notes/tasks mix, states, tiers, tags, timestamps and versions of
/// benchmarks.md, with text from `TextGenerator`.
struct ItemFactory: Sendable {
    /// The item types and their shares.
    static let noteType = "core.note"
    /// Tasks carry `status`, `due` and `priority`.
    static let taskType = "core.task"
    /// Share of items that are tasks.
    static let taskShare = 0.40
    /// Share of huge notes (20–100 KB bodies).
    static let hugeShare = 0.001
    /// States: 90 % active, 7 % archived, 3 % trashed.
    static let stateWeights: [(ItemState, Double)] = [(.active, 0.90), (.archived, 0.07), (.trashed, 0.03)]
    /// Share of items in the `feed` tier.
    static let feedShare = 0.05
    /// Tags per item: 0–5, mean about 1.5.
    static let tagCountWeights = [0.28, 0.30, 0.20, 0.11, 0.07, 0.04]
    /// Task statuses and their shares.
    static let statuses: [(String, Double)] = [("todo", 0.4), ("doing", 0.3), ("done", 0.3)]
    /// The source every generated item is written under.
    static let source = "bench"

    /// The text source.
    let text: TextGenerator
    /// The 200 tags, most frequent first.
    let tags: [String]
    private let tagRanks: ZipfSampler

    /// Makes a factory; the tag vocabulary is 200 ASCII dictionary words from ranks past the most common.
    init(text: TextGenerator) {
        self.text = text
        var tags: [String] = []
        var seen = Set<String>()
        for word in text.vocabulary.words.dropFirst(500) where tags.count < 200 {
            guard word.count >= 3, word.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
            else { continue }
            let tag = String(decoding: word.map { $0 | 0x20 }, as: UTF8.self)
            if seen.insert(tag).inserted { tags.append(tag) }
        }
        self.tags = tags
        tagRanks = ZipfSampler(count: tags.count, exponent: TextGenerator.zipfExponent)
    }

    /// One item created at `createdAt` (random within the dataset's three years when nil).
    func makeItem(createdAt: Int64? = nil, _ random: inout SplitMixRandom) -> Item {
        let isTask = random.chance(Self.taskShare)
        let created = createdAt ?? BenchTime.datasetStart + Int64(random.unit() * Double(BenchTime.datasetSpan))
        let end = max(created, BenchTime.datasetStart + BenchTime.datasetSpan)
        let updated = created + Int64(pow(random.unit(), 3) * Double(end - created))
        let occurred = random.chance(0.7) ? created : created - Int64(random.unit() * Double(30 * BenchTime.day))
        let id = BenchID.uuidV7(milliseconds: created, random: &random)
        var properties: JSONObject = ["title": .string(text.title(&random))]
        let words = text.bodyWordCount(&random)
        let huge = !isTask && random.chance(Self.hugeShare)
        let minimumBytes = huge ? random.int(in: 20_000...100_000) : 0
        properties["body"] = .string(text.body(words: words, minimumBytes: minimumBytes, &random))
        if isTask {
            properties["status"] = .string(Self.statuses[random.pick(weights: Self.statuses.map(\.1))].0)
            let due = created + Int64(random.below(90)) * BenchTime.day
            properties["due"] = .string(BenchTime.day(milliseconds: due))
            properties["priority"] = .integer(Int64(random.int(in: 1...4)))
        }
        let state = Self.stateWeights[random.pick(weights: Self.stateWeights.map(\.1))].0
        let tier: Tier = random.chance(Self.feedShare) ? .feed : .library
        return Item(
            id: id, type: isTask ? Self.taskType : Self.noteType, properties: properties, state: state, tier: tier,
            version: Int64(random.int(in: 1...50)), source: Self.source,
            occurredAt: BenchTime.timestamp(milliseconds: occurred),
            createdAt: BenchTime.timestamp(milliseconds: created),
            updatedAt: BenchTime.timestamp(milliseconds: updated), tags: drawTags(&random))
    }

    /// 0–5 distinct Zipf-drawn tags.
    func drawTags(_ random: inout SplitMixRandom) -> [String] {
        let count = random.pick(weights: Self.tagCountWeights)
        var chosen: [String] = []
        var attempts = 0
        while chosen.count < count && attempts < 50 {
            attempts += 1
            let tag = tags[tagRanks.rank(&random)]
            if !chosen.contains(tag) { chosen.append(tag) }
        }
        return chosen
    }

    /// One Zipf-drawn tag.
    func drawTag(_ random: inout SplitMixRandom) -> String {
        tags[tagRanks.rank(&random)]
    }
}
