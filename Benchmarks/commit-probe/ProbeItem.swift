import MarfaRules

/// The probe's items: notes of about 2.2 KB encoded (a benchmark item is about 2.4 KB), with a UUIDv7-shaped id so
/// the copy keys them as the benchmark's items are keyed, a tag out of 13 and a number.
enum ProbeItem {
    /// Item `number` of the probe: the same shape for every number, a distinct id.
    static func make(_ number: Int) -> Item {
        Item(
            id: "01900000-0000-7000-8000-" + hex12(number), type: "core.note",
            properties: [
                "title": .string("note \(number)"), "body": .string(body), "rank": .number(Double(number % 97)),
            ],
            occurredAt: time, createdAt: time, updatedAt: time, tags: ["t\(number % 13)"])
    }

    private static let body = String(repeating: "lorem ipsum dolor sit amet ", count: 70)
    private static let time = "2026-01-02T03:04:05.006Z"

    private static func hex12(_ number: Int) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }
}
