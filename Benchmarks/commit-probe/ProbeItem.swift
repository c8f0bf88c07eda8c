import MarfaRules

/// The probe's items, shaped as the benchmark's: notes and tasks (40 %, with `status`, `due` and `priority`) of
/// about 2.3 KB encoded, each with its own title and body, 0–3 of 200 tags, UUIDv7 ids minted from their
/// creation time. Held items (`number` below `held`) are created at random over three years, so a copy's sort and
/// id tables are as scattered as the benchmark's; fresh ones a second apart after them, as the benchmark's
/// writes are (Decisions 0045, 0048).
enum ProbeItem {
    /// Item `number` of a probe whose copy holds `held` items before the writes: the same item for the same
    /// number, a distinct id for each.
    static func make(_ number: Int, held: Int) -> Item {
        var random = SplitMixRandom(seed: UInt64(number) &* 0x9E37_79B9_7F4A_7C15 ^ 0x5EED)
        let created =
            number < held
            ? start + Int64(random.below(Int(span))) : start + span + Int64(number - held + 1) * 1000
        var properties: JSONObject = [
            "title": .string(words(4, &random)), "body": .string(words(300, &random)),
        ]
        let isTask = random.below(10) < 4
        if isTask {
            properties["status"] = .string(["todo", "doing", "done"][random.below(3)])
            properties["due"] = .string(String(CanonicalTime.text(created + Int64(random.below(90)) * day).prefix(10)))
            properties["priority"] = .integer(Int64(1 + random.below(4)))
        }
        let time = CanonicalTime.text(created)
        return Item(
            id: ItemID.make(milliseconds: UInt64(created), using: &random),
            type: isTask ? "core.task" : "core.note", properties: properties, occurredAt: time, createdAt: time,
            updatedAt: time, tags: (0..<random.below(4)).map { _ in "tag\(random.below(200))" })
    }

    private static let start: Int64 = 1_700_000_000_000
    private static let day: Int64 = 86_400_000
    private static let span: Int64 = 3 * 365 * day
    private static let vocabulary: [String] = {
        var random = SplitMixRandom(seed: 4096)
        return (0..<4096).map { _ in
            String((0..<(3 + random.below(7))).map { _ in Character(UnicodeScalar(UInt8(97 + random.below(26)))) })
        }
    }()

    private static func words(_ count: Int, _ random: inout SplitMixRandom) -> String {
        (0..<count).map { _ in vocabulary[random.below(vocabulary.count)] }.joined(separator: " ")
    }
}
