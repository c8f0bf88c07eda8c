import XCTest

@testable import MarfaRules

final class RowCodecItemTests: XCTestCase {
    /// Items of every shape decode straight into the held form (sorted properties, times as milliseconds) equal
    /// to the items written: canonical times, times of which only some are canonical, unicode names and values,
    /// nested properties, no tier, a source id and tags.
    func testItemsOfEveryShapeReadBackEqual() throws {
        let canonical = "2026-01-01T00:00:00.000Z"
        let items = [
            Item(id: "i1", type: "core.note", occurredAt: canonical, createdAt: canonical, updatedAt: canonical),
            Item(
                id: "ï2 ✓", type: "core.task",
                properties: ["zeta": .string("naïve 🚀"), "alpha": .integer(-3), "Émile": .bool(true),
                    "list": .array([.object(["deep": .number(0.5)]), .null])],
                state: .archived, tier: nil, version: 9, source: "import", sourceId: "k-2", occurredAt: "yesterday",
                createdAt: canonical, updatedAt: "2026-01-02T00:00:00.000Z", tags: ["a", "b c"]),
            Item(
                id: "i3", type: "core.note", properties: ["body": .string(String(repeating: "lông ", count: 5000))],
                occurredAt: canonical, createdAt: "2026-01-01T00:00:00Z", updatedAt: canonical),
        ]
        for item in items {
            var writer = ByteWriter()
            RowCodec.write(item, into: &writer)
            var reader = ByteReader(writer.bytes)
            let read = try RowCodec.readItem(from: &reader)
            XCTAssertEqual(read, item)
            XCTAssertEqual(read.properties, item.properties)
            XCTAssertEqual(read.timeMilliseconds.map { [$0.created, $0.updated, $0.occurred] },
                item.timeMilliseconds.map { [$0.created, $0.updated, $0.occurred] })
            XCTAssertTrue(reader.isAtEnd)
        }
    }

    /// Properties that are not strictly ascending by name read as `readObject` reads them: in the order written
    /// (Decision 0113), a later duplicate winning in its first place; they are still visited ascending by name.
    func testPropertiesOutOfOrderReadAsAnObject() throws {
        var writer = ByteWriter()
        writer.write("i1")
        writer.write("core.note")
        writer.write(varint: 3)
        for (name, value) in [("b", 1), ("a", 2), ("b", 3)] as [(String, Int64)] {
            writer.write(name)
            writer.write(json: .integer(value))
        }
        writer.write(0)
        writer.write(0)
        writer.write(signed: 1)
        writer.write(signed: 1)
        writer.write("device")
        writer.write(optional: nil)
        for _ in 0..<3 { writer.write("2026-01-01T00:00:00.000Z") }
        writer.write(strings: [])
        var reader = ByteReader(writer.bytes)
        let item = try RowCodec.readItem(from: &reader)
        XCTAssertEqual(item.properties, ["b": .integer(3), "a": .integer(2)])
        var names: [String] = []
        item.forEachProperty { name, _ in names.append(name) }
        XCTAssertEqual(names, ["a", "b"])
    }
}
